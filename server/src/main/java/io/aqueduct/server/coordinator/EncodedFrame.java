package io.aqueduct.server.coordinator;

import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;

/**
 * A frame of rows that are already Avatica protobuf messages ({@link EncodedBatch}): its protobuf
 * form is built from them without looking at a value. Its {@code rows}, for whatever in Avatica reads
 * a frame's Java values (the first frame of an execute response is copied that way), decode the
 * messages as Avatica's client would.
 */
final class EncodedFrame extends Meta.Frame {
    private final Common.Frame proto;

    private EncodedFrame(Common.Frame proto) {
        super(proto.getOffset(), proto.getDone(), () -> Meta.Frame.fromProto(proto)
                .rows
                .iterator());
        this.proto = proto;
    }

    static EncodedFrame of(long offset, boolean done, List<Common.Row> rows) {
        return new EncodedFrame(Common.Frame.newBuilder()
                .setOffset(offset)
                .setDone(done)
                .addAllRows(rows)
                .build());
    }

    int rowCount() {
        return proto.getRowsCount();
    }

    @Override
    public Common.Frame toProto() {
        return proto;
    }
}
