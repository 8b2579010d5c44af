package io.aqueduct.core.skew;

import static java.nio.charset.StandardCharsets.US_ASCII;

import io.aqueduct.core.type.DataType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * The columns of the skew tables. Each fills a batch of its values straight into an allocated vector of its type,
 * computing row {@code r}'s value from {@code r} alone (with {@link RowRandom} and a seed of its own).
 */
enum SkewColumn {
    F_ID("f_id", DataType.BIGINT) {
        @Override
        void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys) {
            BigIntVector ids = (BigIntVector) vector;
            for (int i = 0; i < rows; i++) {
                ids.set(i, firstRow + i + 1);
            }
        }
    },
    F_KEY("f_key", DataType.BIGINT) {
        @Override
        void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys) {
            BigIntVector joinKeys = (BigIntVector) vector;
            for (int i = 0; i < rows; i++) {
                joinKeys.set(i, keys.key(RowRandom.uniform(KEY_SEED, firstRow + i)));
            }
        }
    },
    F_VALUE("f_value", DataType.decimal(12, 2)) {
        @Override
        void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys) {
            BigIntVector cents = (BigIntVector) vector;
            for (int i = 0; i < rows; i++) {
                cents.set(i, MIN_VALUE_CENTS + RowRandom.below(VALUE_SEED, firstRow + i, VALUE_CENTS_RANGE));
            }
        }
    },
    F_DATE("f_date", DataType.DATE) {
        @Override
        void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys) {
            DateDayVector dates = (DateDayVector) vector;
            for (int i = 0; i < rows; i++) {
                dates.set(i, FIRST_DATE + RowRandom.below(DATE_SEED, firstRow + i, DATE_DAYS));
            }
        }
    },
    F_NOTE("f_note", DataType.VARCHAR, Notes.AVERAGE_BYTES) {
        @Override
        void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys) {
            VarCharVector notes = (VarCharVector) vector;
            for (int i = 0; i < rows; i++) {
                notes.setSafe(i, Notes.ALL[RowRandom.below(NOTE_SEED, firstRow + i, Notes.ALL.length)]);
            }
        }
    },
    D_KEY("d_key", DataType.BIGINT) {
        @Override
        void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys) {
            BigIntVector dimKeys = (BigIntVector) vector;
            for (int i = 0; i < rows; i++) {
                dimKeys.set(i, firstRow + i + 1);
            }
        }
    },
    // "Dim#" and the key in 9 digits, like TPC-H's "Customer#000000001".
    D_NAME("d_name", DataType.VARCHAR, 13) {
        @Override
        void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys) {
            VarCharVector names = (VarCharVector) vector;
            byte[] name = DIM_NAME_TEMPLATE.getBytes(US_ASCII);
            for (int i = 0; i < rows; i++) {
                long key = firstRow + i + 1;
                for (int digit = name.length - 1; digit >= DIM_NAME_PREFIX_BYTES; digit--) {
                    name[digit] = (byte) ('0' + key % 10);
                    key /= 10;
                }
                names.setSafe(i, name);
            }
        }
    },
    D_GROUP("d_group", DataType.INTEGER) {
        @Override
        void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys) {
            IntVector groups = (IntVector) vector;
            for (int i = 0; i < rows; i++) {
                groups.set(i, (int) ((firstRow + i) % DIM_GROUPS) + 1);
            }
        }
    };

    // Arbitrary, distinct per column, so that the columns' values are independent of each other.
    private static final long KEY_SEED = 0x6b65795f73656564L;
    private static final long VALUE_SEED = 0x76616c75655f7365L;
    private static final long DATE_SEED = 0x646174655f736565L;
    private static final long NOTE_SEED = 0x6e6f74655f736565L;
    private static final long MIN_VALUE_CENTS = 100;
    private static final int VALUE_CENTS_RANGE = 999_900;
    // 2020-01-01 as days since the epoch; dates span the 1827 days up to 2024-12-31.
    private static final int FIRST_DATE = 18_262;
    private static final int DATE_DAYS = 1827;
    private static final String DIM_NAME_TEMPLATE = "Dim#000000000";
    private static final int DIM_NAME_PREFIX_BYTES = 4;
    private static final int DIM_GROUPS = 100;
    private static final int OFFSET_BYTES = Integer.BYTES;

    private final String columnName;
    private final DataType type;
    private final double averageStringBytes;

    SkewColumn(String columnName, DataType type) {
        this(columnName, type, 0);
    }

    SkewColumn(String columnName, DataType type, double averageStringBytes) {
        this.columnName = columnName;
        this.type = type;
        this.averageStringBytes = averageStringBytes;
    }

    String columnName() {
        return columnName;
    }

    DataType type() {
        return type;
    }

    /** Average Arrow bytes of one value, not counting its validity bit. */
    double averageBytes() {
        return switch (type.kind()) {
            case BIGINT, DECIMAL -> Long.BYTES;
            case INTEGER, DATE -> Integer.BYTES;
            case VARCHAR -> OFFSET_BYTES + averageStringBytes;
            default -> throw new IllegalStateException("No skew column has type " + type);
        };
    }

    /**
     * Writes the values of rows {@code firstRow .. firstRow + rows - 1} (0-based row numbers) to positions
     * 0..rows-1 of {@code vector}, which has capacity for {@code rows} values. {@code keys} is the schema's
     * {@code f_key} distribution.
     */
    abstract void fill(FieldVector vector, long firstRow, int rows, ZipfDistribution keys);

    /** The short texts of {@code f_note}: every adjective-noun pair, chosen uniformly. */
    private static final class Notes {
        private static final List<String> ADJECTIVES =
                List.of("quick", "late", "urgent", "routine", "priority", "bulk", "express", "deferred");
        private static final List<String> NOUNS =
                List.of("order", "refund", "return", "shipment", "invoice", "transfer", "credit", "payment");

        static final byte[][] ALL = all();
        static final double AVERAGE_BYTES = averageBytes();

        private static byte[][] all() {
            List<byte[]> notes = new ArrayList<>();
            for (String adjective : ADJECTIVES) {
                for (String noun : NOUNS) {
                    notes.add((adjective + " " + noun).getBytes(US_ASCII));
                }
            }
            return notes.toArray(byte[][]::new);
        }

        private static double averageBytes() {
            long total = 0;
            for (byte[] note : ALL) {
                total += note.length;
            }
            return (double) total / ALL.length;
        }
    }
}
