package io.aqueduct.server.coordinator;

import io.aqueduct.core.type.DataType;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.avatica.proto.Common;

/**
 * One result batch as the rows of Avatica frames, with each row's size on the wire. Encoded as soon as
 * the batch arrives, so the Arrow batch is released at once and the rows wait on the heap, ready to be
 * sent: the coordinator encodes ahead while the client reads. Rows hold scalar values only, without
 * the deprecated repeated {@code value} field that Avatica's own serialization fills with a second copy
 * of each value for clients older than Calcite 1.5.
 */
record EncodedBatch(Common.Row[] rows, int[] wireSizes) {
    /** A row's framing in the frame message: its tag and a length of up to three bytes. */
    private static final int ROW_FRAMING_BYTES = 4;

    static EncodedBatch encode(VectorSchemaRoot batch, List<DataType> types) {
        ColumnEncoder[] columns = new ColumnEncoder[types.size()];
        for (int column = 0; column < columns.length; column++) {
            columns[column] = ColumnEncoder.of(batch.getVector(column), types.get(column));
        }
        int rowCount = batch.getRowCount();
        Common.Row[] rows = new Common.Row[rowCount];
        int[] sizes = new int[rowCount];
        for (int row = 0; row < rowCount; row++) {
            rows[row] = ColumnEncoder.row(columns, row);
            // Computed once: the message keeps it for its serialization.
            sizes[row] = rows[row].getSerializedSize() + ROW_FRAMING_BYTES;
        }
        return new EncodedBatch(rows, sizes);
    }

    int rowCount() {
        return rows.length;
    }
}
