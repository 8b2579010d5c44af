package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;

/**
 * Reads and writes the non-NULL values of the integral column types as {@code long}: INTEGER, BIGINT,
 * DECIMAL (unscaled), DATE (epoch day), TIMESTAMP (epoch microseconds), TIME (microseconds of the day)
 * and BOOLEAN (0 or 1), so that keys, sums and comparisons need
 * one code path for all of them.
 */
enum LongVectorAccess {
    INTEGER {
        @Override
        long get(FieldVector vector, int row) {
            return ((IntVector) vector).get(row);
        }

        @Override
        void set(FieldVector vector, int row, long value) {
            if (value != (int) value) {
                throw new AqueductException(ErrorCode.NUMERIC_OUT_OF_RANGE, "Value out of range for INTEGER: " + value);
            }
            ((IntVector) vector).setSafe(row, (int) value);
        }
    },
    BIGINT {
        @Override
        long get(FieldVector vector, int row) {
            return ((BigIntVector) vector).get(row);
        }

        @Override
        void set(FieldVector vector, int row, long value) {
            ((BigIntVector) vector).setSafe(row, value);
        }
    },
    DATE {
        @Override
        long get(FieldVector vector, int row) {
            return ((DateDayVector) vector).get(row);
        }

        @Override
        void set(FieldVector vector, int row, long value) {
            ((DateDayVector) vector).setSafe(row, Math.toIntExact(value));
        }
    },
    TIMESTAMP {
        @Override
        long get(FieldVector vector, int row) {
            return ((TimeStampMicroVector) vector).get(row);
        }

        @Override
        void set(FieldVector vector, int row, long value) {
            ((TimeStampMicroVector) vector).setSafe(row, value);
        }
    },
    TIME {
        @Override
        long get(FieldVector vector, int row) {
            return ((TimeMicroVector) vector).get(row);
        }

        @Override
        void set(FieldVector vector, int row, long value) {
            ((TimeMicroVector) vector).setSafe(row, value);
        }
    },
    BOOLEAN {
        @Override
        long get(FieldVector vector, int row) {
            return ((BitVector) vector).get(row);
        }

        @Override
        void set(FieldVector vector, int row, long value) {
            ((BitVector) vector).setSafe(row, (int) value);
        }
    };

    /** The value at {@code row}, which must not be NULL. */
    abstract long get(FieldVector vector, int row);

    abstract void set(FieldVector vector, int row, long value);

    static boolean supports(DataType type) {
        return switch (type.kind()) {
            case INTEGER, BIGINT, DECIMAL, DATE, TIMESTAMP, TIME, BOOLEAN -> true;
            default -> false;
        };
    }

    static LongVectorAccess of(DataType type) {
        return switch (type.kind()) {
            case INTEGER -> INTEGER;
            case BIGINT, DECIMAL -> BIGINT;
            case DATE -> DATE;
            case TIMESTAMP -> TIMESTAMP;
            case TIME -> TIME;
            case BOOLEAN -> BOOLEAN;
            default -> throw new IllegalArgumentException("Not an integral type: " + type);
        };
    }
}
