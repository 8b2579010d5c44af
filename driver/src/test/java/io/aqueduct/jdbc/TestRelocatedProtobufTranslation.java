package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service.CatalogsRequest;
import org.apache.calcite.avatica.remote.Service.OpenConnectionResponse;
import org.junit.jupiter.api.Test;

class TestRelocatedProtobufTranslation {
    private static final String LOCAL_PACKAGE = "org.apache.calcite.avatica.proto";
    private static final String WIRE_PACKAGE = "com.example.wire";

    private final ProtobufTranslation plain = new ProtobufTranslationImpl();
    private final ProtobufTranslation relocated = new RelocatedProtobufTranslation(plain, LOCAL_PACKAGE, WIRE_PACKAGE);

    @Test
    void requestsGoOutUnderTheWirePackage() throws IOException {
        CatalogsRequest request = new CatalogsRequest("connection-1");
        byte[] bytes = relocated.serializeRequest(request);
        assertThat(WireMessage.parseFrom(bytes).getName()).isEqualTo(WIRE_PACKAGE + ".Requests$CatalogsRequest");
        assertThat(relocated.parseRequest(bytes)).isEqualTo(request);
    }

    @Test
    void responsesComeInFromTheWirePackage() throws IOException {
        OpenConnectionResponse response = new OpenConnectionResponse();
        byte[] bytes = relocated.serializeResponse(response);
        assertThat(WireMessage.parseFrom(bytes).getName())
                .isEqualTo(WIRE_PACKAGE + ".Responses$OpenConnectionResponse");
        assertThat(relocated.parseResponse(bytes)).isEqualTo(response);
    }

    @Test
    void messagesOutsideEitherPackagePassUnchanged() throws IOException {
        ProtobufTranslation unrelated = new RelocatedProtobufTranslation(plain, "com.example.a", "com.example.b");
        byte[] bytes = plain.serializeRequest(new CatalogsRequest("connection-1"));
        assertThat(unrelated.serializeRequest(new CatalogsRequest("connection-1")))
                .isEqualTo(bytes);
    }

    @Test
    void unshadedAvaticaIsNotRelocated() {
        assertThat(AvaticaRelocation.WIRE_PROTO_PACKAGE).isEqualTo(LOCAL_PACKAGE);
        assertThat(AvaticaRelocation.isRelocated()).isFalse();
    }
}
