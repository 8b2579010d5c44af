package io.aqueduct.jdbc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.Service.Request;
import org.apache.calcite.avatica.remote.Service.Response;

/**
 * Avatica's protobuf translation, except that the rows of a fetch response, nearly all of what a
 * result brings, are read by {@link FetchResponseReader}, from the bytes as they came (the shaded jar
 * renames other messages' names in {@link RelocatedProtobufTranslation}, a copy of each message that
 * fetch responses skip).
 */
final class FetchResponseTranslation implements ProtobufTranslation {
    /** The fetch response's name on the wire, where the shaded jar's renaming has not happened yet. */
    private static final String FETCH_RESPONSE = AvaticaRelocation.WIRE_PROTO_PACKAGE
            + Responses.FetchResponse.class.getName().substring(AvaticaRelocation.LOCAL_PROTO_PACKAGE.length());

    private final ProtobufTranslation delegate;

    FetchResponseTranslation(ProtobufTranslation delegate) {
        this.delegate = requireNonNull(delegate, "delegate is null");
    }

    @Override
    public Response parseResponse(byte[] bytes) throws IOException {
        // The wire message's two fields read here, so that the wrapped message is read where it is.
        CodedInputStream input = CodedInputStream.newInstance(bytes);
        String name = "";
        int messageStart = 0;
        int messageLength = 0;
        for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case WireMessage.NAME_FIELD_NUMBER -> name = input.readString();
                case WireMessage.WRAPPED_MESSAGE_FIELD_NUMBER -> {
                    messageLength = input.readRawVarint32();
                    messageStart = input.getTotalBytesRead();
                    input.skipRawBytes(messageLength);
                }
                default -> input.skipField(tag);
            }
        }
        if (!name.equals(FETCH_RESPONSE)) {
            return delegate.parseResponse(bytes);
        }
        return FetchResponseReader.read(bytes, messageStart, messageLength);
    }

    @Override
    public byte[] serializeRequest(Request request) throws IOException {
        return delegate.serializeRequest(request);
    }

    @Override
    public byte[] serializeResponse(Response response) throws IOException {
        return delegate.serializeResponse(response);
    }

    @Override
    public Request parseRequest(byte[] bytes) throws IOException {
        return delegate.parseRequest(bytes);
    }
}
