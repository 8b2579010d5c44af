package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.CodedOutputStream;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
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
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each column type encodes to exactly the bytes of the protobuf row Avatica's own serialization writes for
 * the Java object its clients read (the boxed value, the String, the BigDecimal), nulls included, but for
 * the Base64 copy of bytes.
 */
class TestColumnEncoder {
    private static final int ROWS = 500;

    private BufferAllocator allocator;
    private final Random random = new Random(42);

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void close() {
        allocator.close();
    }

    @Test
    void integersBigintsDoublesAndBooleans() {
        try (IntVector ints = new IntVector("i", allocator);
                BigIntVector longs = new BigIntVector("l", allocator);
                Float8Vector doubles = new Float8Vector("d", allocator);
                BitVector bits = new BitVector("b", allocator)) {
            ints.allocateNew(ROWS);
            longs.allocateNew(ROWS);
            doubles.allocateNew(ROWS);
            bits.allocateNew(ROWS);
            Object[][] expected = new Object[4][ROWS];
            for (int row = 0; row < ROWS; row++) {
                if (row % 7 == 0) {
                    continue;
                }
                // Row 1 holds the values protobuf leaves out (zeros, false), row 2 a negative zero.
                int i = row == 1 ? 0 : random.nextInt();
                long l = row == 1 ? 0 : random.nextLong();
                double d = row == 1 ? 0.0 : row == 2 ? -0.0 : random.nextGaussian() * 1e6;
                boolean b = row != 1 && random.nextBoolean();
                ints.set(row, i);
                longs.set(row, l);
                doubles.set(row, d);
                bits.set(row, b ? 1 : 0);
                expected[0][row] = i;
                expected[1][row] = l;
                expected[2][row] = d;
                expected[3][row] = b;
            }
            ints.setValueCount(ROWS);
            longs.setValueCount(ROWS);
            doubles.setValueCount(ROWS);
            bits.setValueCount(ROWS);
            assertEncodesAs(ints, DataType.INTEGER, expected[0]);
            assertEncodesAs(longs, DataType.BIGINT, expected[1]);
            assertEncodesAs(doubles, DataType.DOUBLE, expected[2]);
            assertEncodesAs(bits, DataType.BOOLEAN, expected[3]);
        }
    }

    @Test
    void decimalsOfEveryScaleAsBigDecimalWritesThem() {
        for (int scale : new int[] {0, 1, 2, 4, 6, 7, 12}) {
            try (BigIntVector unscaled = new BigIntVector("x", allocator)) {
                unscaled.allocateNew(ROWS);
                Object[] expected = new Object[ROWS];
                for (int row = 0; row < ROWS - 3; row++) {
                    if (row % 11 == 0) {
                        continue;
                    }
                    long value = row % 3 == 0 ? random.nextInt(2000) - 1000 : random.nextLong();
                    unscaled.set(row, value);
                    expected[row] = BigDecimal.valueOf(value, scale);
                }
                long[] edges = {0, Long.MIN_VALUE, Long.MAX_VALUE};
                for (int i = 0; i < edges.length; i++) {
                    unscaled.set(ROWS - 3 + i, edges[i]);
                    expected[ROWS - 3 + i] = BigDecimal.valueOf(edges[i], scale);
                }
                unscaled.setValueCount(ROWS);
                assertEncodesAs(unscaled, new DataType(TypeKind.DECIMAL, 18, scale), expected);
            }
        }
    }

    @Test
    void textAndBytes() {
        try (VarCharVector strings = new VarCharVector("s", allocator);
                VarBinaryVector bytes = new VarBinaryVector("b", allocator)) {
            strings.allocateNew(ROWS);
            bytes.allocateNew(ROWS);
            Object[] expectedStrings = new Object[ROWS];
            Object[] expectedBytes = new Object[ROWS];
            for (int row = 0; row < ROWS; row++) {
                if (row % 5 == 0) {
                    continue;
                }
                String text = row == 1 ? "" : "row " + row + " \u00e9t\u00e9 \u4e2d\u6587 " + random.nextInt();
                strings.setSafe(row, text.getBytes(StandardCharsets.UTF_8));
                expectedStrings[row] = text;
                byte[] value = new byte[row % 9];
                random.nextBytes(value);
                bytes.setSafe(row, value);
                expectedBytes[row] = value;
            }
            strings.setValueCount(ROWS);
            bytes.setValueCount(ROWS);
            assertEncodesAs(strings, DataType.VARCHAR, expectedStrings);
            assertEncodesAs(bytes, DataType.VARBINARY, expectedBytes);
        }
    }

    @Test
    void datesTimesAndTimestampsInAvaticasMilliseconds() {
        try (DateDayVector days = new DateDayVector("d", allocator);
                TimeMicroVector times = new TimeMicroVector("t", allocator);
                TimeStampMicroVector timestamps = new TimeStampMicroVector("ts", allocator)) {
            days.allocateNew(ROWS);
            times.allocateNew(ROWS);
            timestamps.allocateNew(ROWS);
            Object[][] expected = new Object[3][ROWS];
            for (int row = 0; row < ROWS; row++) {
                if (row % 13 == 0) {
                    continue;
                }
                int day = random.nextInt(40_000) - 20_000;
                long time = (long) random.nextInt(86_400_000) * 1000 + random.nextInt(1000);
                long timestamp = random.nextLong() / 1000;
                days.set(row, day);
                times.set(row, time);
                timestamps.set(row, timestamp);
                expected[0][row] = day;
                expected[1][row] = (int) (time / 1000);
                expected[2][row] = Math.floorDiv(timestamp, 1000L);
            }
            days.setValueCount(ROWS);
            times.setValueCount(ROWS);
            timestamps.setValueCount(ROWS);
            assertEncodesAs(days, DataType.DATE, expected[0]);
            assertEncodesAs(times, DataType.TIME, expected[1]);
            assertEncodesAs(timestamps, DataType.TIMESTAMP, expected[2]);
            // A connection that reads microseconds gets the engine's values whole.
            Object[] micros = new Object[ROWS];
            for (int row = 0; row < ROWS; row++) {
                micros[row] = timestamps.isNull(row) ? null : timestamps.get(row);
            }
            assertEncodesAs(timestamps, DataType.TIMESTAMP, TimestampUnit.MICROS, micros);
        }
    }

    private static void assertEncodesAs(FieldVector vector, DataType type, Object[] expected) {
        assertEncodesAs(vector, type, TimestampUnit.MILLIS, expected);
    }

    private static void assertEncodesAs(
            FieldVector vector, DataType type, TimestampUnit timestampUnit, Object[] expected) {
        EncodedBatch batch = EncodedBatch.encode(VectorSchemaRoot.of(vector), List.of(type), timestampUnit);
        assertThat(batch.rowCount()).isEqualTo(expected.length);
        for (int row = 0; row < expected.length; row++) {
            Common.TypedValue.Builder avatica = Common.TypedValue.newBuilder();
            TypedValue.toProto(avatica, expected[row]);
            if (expected[row] instanceof byte[]) {
                // Avatica adds the bytes as Base64 text for clients older than CALCITE-1103, which read
                // frames no more; Aqueduct leaves that second copy out.
                avatica.clearStringValue();
            }
            Common.Row avaticaRow = Common.Row.newBuilder()
                    .addValue(Common.ColumnValue.newBuilder().setScalarValue(avatica))
                    .build();
            // The same bytes as the generated message writes, so the sizes in the length prefixes are right too.
            assertThat(batch.row(row)).as("row %d: %s", row, expected[row]).isEqualTo(avaticaRow.toByteString());
            assertThat(batch.wireSize(row))
                    .isEqualTo(CodedOutputStream.computeMessageSize(Common.Frame.ROWS_FIELD_NUMBER, avaticaRow));
        }
    }
}
