package io.aqueduct.server.coordinator;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;

/**
 * A frame of rows that are already the bytes of Avatica's protobuf {@code Row} messages ({@link
 * EncodedBatch}). Its protobuf form carries them as they are, in the frame's {@code rows} field but
 * as fields the message holds without parsing (its unknown fields), which protobuf writes byte for
 * byte: on the wire that is the frame Avatica's clients read, and no row or value becomes an object
 * on the way out. Its {@code rows}, for whatever in Avatica reads a frame's Java values (the first
 * frame of an execute response is copied that way), decode the bytes as Avatica's client would.
 */
final class EncodedFrame extends Meta.Frame {
    private final Common.Frame proto;

    private EncodedFrame(Common.Frame proto) {
        super(proto.getOffset(), proto.getDone(), () -> decoded(proto).rows.iterator());
        this.proto = proto;
    }

    static EncodedFrame of(long offset, boolean done, List<ByteString> rows) {
        UnknownFieldSet.Field.Builder encodedRows = UnknownFieldSet.Field.newBuilder();
        rows.forEach(encodedRows::addLengthDelimited);
        return new EncodedFrame(Common.Frame.newBuilder()
                .setOffset(offset)
                .setDone(done)
                .setUnknownFields(UnknownFieldSet.newBuilder()
                        .addField(Common.Frame.ROWS_FIELD_NUMBER, encodedRows.build())
                        .build())
                .build());
    }

    private static Meta.Frame decoded(Common.Frame proto) {
        try {
            return Meta.Frame.fromProto(Common.Frame.parseFrom(proto.toByteString()));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("An encoded frame does not parse", e);
        }
    }

    @Override
    public Common.Frame toProto() {
        return proto;
    }
}
