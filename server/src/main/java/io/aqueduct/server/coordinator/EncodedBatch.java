package io.aqueduct.server.coordinator;

import static com.google.protobuf.CodedOutputStream.computeTagSize;
import static com.google.protobuf.CodedOutputStream.computeUInt32SizeNoTag;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.UnsafeByteOperations;
import com.google.protobuf.WireFormat;
import io.aqueduct.core.type.DataType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.avatica.proto.Common;

/**
 * One result batch as the bytes of Avatica's protobuf {@code Row}s, one after the other in one array.
 * Encoded as soon as the batch arrives, so the Arrow batch is released at once and the rows wait on the
 * heap, ready to be sent: the coordinator encodes ahead while the client reads. Rows hold scalar values
 * only, without the deprecated repeated {@code value} field that Avatica's own serialization fills with
 * a second copy of each value for clients older than Calcite 1.5.
 */
final class EncodedBatch {
    /** The tag of a frame's row: one byte. */
    private static final int ROW_TAG_BYTES = 1;

    private final byte[] bytes;
    /** Where each row starts in {@link #bytes}, and after the last one where it ends. */
    private final int[] starts;

    private EncodedBatch(byte[] bytes, int[] starts) {
        this.bytes = bytes;
        this.starts = starts;
    }

    static EncodedBatch encode(VectorSchemaRoot batch, List<DataType> types, TimestampUnit timestampUnit) {
        ColumnEncoder[] columns = new ColumnEncoder[types.size()];
        for (int column = 0; column < columns.length; column++) {
            columns[column] = ColumnEncoder.of(batch.getVector(column), types.get(column), timestampUnit);
        }
        int rowCount = batch.getRowCount();
        int[] starts = new int[rowCount + 1];
        int[] valueSizes = new int[columns.length];
        ByteSink sink = new ByteSink(rowCount * 16 * columns.length + 16);
        CodedOutputStream out = CodedOutputStream.newInstance(sink, 1 << 16);
        try {
            for (int row = 0; row < rowCount; row++) {
                for (int column = 0; column < columns.length; column++) {
                    valueSizes[column] = columns[column].prepare(row);
                }
                for (int column = 0; column < columns.length; column++) {
                    // A ColumnValue whose scalar value is the TypedValue.
                    int size = valueSizes[column];
                    out.writeTag(Common.Row.VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    out.writeUInt32NoTag(computeTagSize(Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER)
                            + computeUInt32SizeNoTag(size)
                            + size);
                    out.writeTag(Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    out.writeUInt32NoTag(size);
                    columns[column].write(out);
                }
                starts[row + 1] = out.getTotalBytesWritten();
            }
            out.flush();
        } catch (IOException e) {
            // The sink is memory.
            throw new UncheckedIOException(e);
        }
        return new EncodedBatch(sink.bytes(), starts);
    }

    int rowCount() {
        return starts.length - 1;
    }

    /** The bytes of a {@code Row} message. */
    ByteString row(int row) {
        return UnsafeByteOperations.unsafeWrap(bytes, starts[row], starts[row + 1] - starts[row]);
    }

    /** The bytes {@code row} takes in a frame message: its tag, its length and itself. */
    int wireSize(int row) {
        int size = starts[row + 1] - starts[row];
        return ROW_TAG_BYTES + computeUInt32SizeNoTag(size) + size;
    }

    /** A growing array that the encoder's buffered output flushes into, without locks. */
    private static final class ByteSink extends java.io.OutputStream {
        private byte[] bytes;
        private int size;

        ByteSink(int capacity) {
            bytes = new byte[capacity];
        }

        @Override
        public void write(int b) {
            ensure(1);
            bytes[size++] = (byte) b;
        }

        @Override
        public void write(byte[] source, int offset, int length) {
            ensure(length);
            System.arraycopy(source, offset, bytes, size, length);
            size += length;
        }

        private void ensure(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(size + more, bytes.length * 2));
            }
        }

        /** What was written; the array itself, whose tail past the last row is unused. */
        byte[] bytes() {
            return bytes;
        }
    }
}
