package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.collect.ImmutableList;
import com.google.protobuf.ByteString;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.junit.jupiter.api.Test;

/**
 * An encoded frame goes on the wire as the frame Avatica's clients parse, and gives Avatica's server
 * the Java rows of that frame.
 */
class TestEncodedFrame {
    private static final List<DataType> TYPES =
            List.of(DataType.INTEGER, DataType.VARCHAR, new DataType(TypeKind.DECIMAL, 15, 2));

    @Test
    void aFrameOfEncodedRowsIsTheFrameAvaticaReads() throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                IntVector ints = new IntVector("i", allocator);
                VarCharVector texts = new VarCharVector("t", allocator);
                BigIntVector decimals = new BigIntVector("d", allocator)) {
            int rows = 300;
            List<List<Object>> expected = new ArrayList<>();
            for (int row = 0; row < rows; row++) {
                String text = row % 4 == 0 ? null : "text " + row;
                ints.setSafe(row, row * 1_000);
                if (text != null) {
                    texts.setSafe(row, text.getBytes(StandardCharsets.UTF_8));
                }
                decimals.setSafe(row, -row * 37L);
                expected.add(Arrays.asList(row * 1_000, text, BigDecimal.valueOf(-row * 37L, 2)));
            }
            ints.setValueCount(rows);
            texts.setValueCount(rows);
            decimals.setValueCount(rows);
            EncodedBatch batch =
                    EncodedBatch.encode(VectorSchemaRoot.of(ints, texts, decimals), TYPES, TimestampUnit.MILLIS);
            List<ByteString> encoded = new ArrayList<>();
            for (int row = 0; row < batch.rowCount(); row++) {
                encoded.add(batch.row(row));
            }

            EncodedFrame frame = EncodedFrame.of(17, true, encoded);

            Common.Frame onTheWire = Common.Frame.parseFrom(frame.toProto().toByteArray());
            assertThat(onTheWire.getOffset()).isEqualTo(17);
            assertThat(onTheWire.getDone()).isTrue();
            assertThat(onTheWire.getRowsCount()).isEqualTo(rows);
            assertThat(ImmutableList.copyOf(Meta.Frame.fromProto(onTheWire).rows))
                    .isEqualTo(expected);
            assertThat(ImmutableList.copyOf(frame.rows)).isEqualTo(expected);
        }
    }
}
