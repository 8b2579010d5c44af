package io.aqueduct.jdbc;

import static java.util.Objects.requireNonNull;

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
        WireMessage wireMessage = WireMessage.parseFrom(bytes);
        if (!wireMessage.getName().equals(FETCH_RESPONSE)) {
            return delegate.parseResponse(bytes);
        }
        return FetchResponseReader.read(wireMessage.getWrappedMessage());
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
