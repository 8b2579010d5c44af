package io.aqueduct.server.coordinator;

import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.RowType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Turns the result's Arrow batches into the rows of Avatica frames. This is the JDBC boundary, the
 * one place where the engine works a row at a time; it holds at most one batch. Values take Avatica's
 * representations: DATE as epoch days, TIMESTAMP as the milliseconds of its wall-clock value read as
 * UTC and TIME as milliseconds of the day (Avatica carries milliseconds: the engine's microseconds are
 * truncated here), VARBINARY as a byte[].
 */
final class ResultCursor implements AutoCloseable {
    private final Operator source;
    private final List<DataType> types;
    private VectorSchemaRoot batch;
    private int position;
    private boolean exhausted;
    private long rowsReturned;

    ResultCursor(Operator source, RowType resultType) {
        this.source = source;
        this.types = resultType.types();
    }

    /** Up to {@code maxRows} rows, stopping early once {@code maxBytes} of values are collected. */
    List<Object> next(int maxRows, long maxBytes) {
        List<Object> rows = new ArrayList<>(Math.min(maxRows, 1024));
        long bytes = 0;
        while (rows.size() < maxRows && bytes < maxBytes && advance()) {
            Object[] row = new Object[types.size()];
            for (int column = 0; column < row.length; column++) {
                row[column] = value(batch.getVector(column), types.get(column), position);
                bytes += estimatedSize(row[column]);
            }
            rows.add(Arrays.asList(row));
            position++;
            rowsReturned++;
        }
        return rows;
    }

    /** Whether every row has been returned. */
    boolean isDone() {
        return !advance();
    }

    long rowsReturned() {
        return rowsReturned;
    }

    private boolean advance() {
        while (!exhausted && (batch == null || position >= batch.getRowCount())) {
            if (batch != null) {
                batch.close();
                batch = null;
            }
            batch = source.next();
            position = 0;
            if (batch == null) {
                exhausted = true;
            }
        }
        return !exhausted;
    }

    private static Object value(FieldVector vector, DataType type, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        return switch (type.kind()) {
            case BOOLEAN -> ((BitVector) vector).get(row) == 1;
            case INTEGER -> ((IntVector) vector).get(row);
            case BIGINT -> ((BigIntVector) vector).get(row);
            case DOUBLE -> ((Float8Vector) vector).get(row);
            case DECIMAL -> BigDecimal.valueOf(((BigIntVector) vector).get(row), type.scale());
            case DATE -> ((DateDayVector) vector).get(row);
            case TIMESTAMP -> Math.floorDiv(((TimeStampMicroVector) vector).get(row), DateTimes.MICROS_PER_MILLI);
            case TIME -> (int) (((TimeMicroVector) vector).get(row) / DateTimes.MICROS_PER_MILLI);
            case VARCHAR -> new String(((VarCharVector) vector).get(row), java.nio.charset.StandardCharsets.UTF_8);
            case VARBINARY -> ((VarBinaryVector) vector).get(row);
            case NULL -> null;
        };
    }

    private static long estimatedSize(Object value) {
        if (value instanceof byte[] bytes) {
            return 16 + bytes.length;
        }
        return value instanceof String s ? 16 + s.length() : 16;
    }

    @Override
    public void close() {
        if (batch != null) {
            batch.close();
            batch = null;
        }
        source.close();
    }
}
