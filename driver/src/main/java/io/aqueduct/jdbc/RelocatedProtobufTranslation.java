package io.aqueduct.jdbc;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.Service.Request;
import org.apache.calcite.avatica.remote.Service.Response;

/**
 * Avatica names each protobuf message on the wire by its Java class name. Relocated, those names
 * would start with {@code io.aqueduct.jdbc.shaded.} and a stock Avatica server would reject them,
 * so this translation renames messages between the local package and the one on the wire.
 */
final class RelocatedProtobufTranslation implements ProtobufTranslation {
    private final ProtobufTranslation delegate;
    private final String localPrefix;
    private final String wirePrefix;

    RelocatedProtobufTranslation(ProtobufTranslation delegate, String localPackage, String wirePackage) {
        this.delegate = requireNonNull(delegate, "delegate is null");
        this.localPrefix = requireNonNull(localPackage, "localPackage is null") + ".";
        this.wirePrefix = requireNonNull(wirePackage, "wirePackage is null") + ".";
    }

    @Override
    public byte[] serializeRequest(Request request) throws IOException {
        return rename(delegate.serializeRequest(request), localPrefix, wirePrefix);
    }

    @Override
    public Response parseResponse(byte[] bytes) throws IOException {
        return delegate.parseResponse(rename(bytes, wirePrefix, localPrefix));
    }

    @Override
    public byte[] serializeResponse(Response response) throws IOException {
        return rename(delegate.serializeResponse(response), localPrefix, wirePrefix);
    }

    @Override
    public Request parseRequest(byte[] bytes) throws IOException {
        return delegate.parseRequest(rename(bytes, wirePrefix, localPrefix));
    }

    private static byte[] rename(byte[] message, String fromPrefix, String toPrefix) throws IOException {
        WireMessage wireMessage = WireMessage.parseFrom(message);
        String name = wireMessage.getName();
        if (!name.startsWith(fromPrefix)) {
            return message;
        }
        return wireMessage.toBuilder()
                .setName(toPrefix + name.substring(fromPrefix.length()))
                .build()
                .toByteArray();
    }
}
