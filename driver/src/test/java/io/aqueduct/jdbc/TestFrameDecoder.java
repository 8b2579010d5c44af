package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.junit.jupiter.api.Test;

/** The driver's frame decoding gives exactly the values Avatica's own decoding gives. */
class TestFrameDecoder {
    @Test
    void decodesEveryScalarTypeAsAvaticaDoes() {
        Random random = new Random(11);
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(Arrays.asList(
                    random.nextBoolean(),
                    random.nextInt(),
                    random.nextLong(),
                    random.nextDouble(),
                    BigDecimal.valueOf(random.nextLong(), random.nextInt(8)),
                    "text " + i + " \u00e9\u4e2d",
                    new byte[] {(byte) i, 0, -1},
                    i % 3 == 0 ? null : "sometimes"));
        }
        Common.Frame proto = Meta.Frame.create(7, false, rows).toProto();

        Meta.Frame decoded = FrameDecoder.decode(proto);

        Meta.Frame avatica = Meta.Frame.fromProto(proto);
        assertThat(decoded.offset).isEqualTo(7);
        assertThat(decoded.done).isFalse();
        assertThat(values(decoded)).isEqualTo(values(avatica));
    }

    @Test
    void leavesArraysToAvatica() {
        List<Object> rows = List.of(Arrays.asList(1, List.of(1, 2, 3)));
        Common.Frame proto = Meta.Frame.create(0, true, rows).toProto();

        assertThat(values(FrameDecoder.decode(proto))).isEqualTo(values(Meta.Frame.fromProto(proto)));
    }

    /** The rows with byte arrays made comparable. */
    private static List<List<Object>> values(Meta.Frame frame) {
        List<List<Object>> values = new ArrayList<>();
        for (Object row : frame.rows) {
            List<Object> copy = new ArrayList<>();
            for (Object value : (List<?>) row) {
                copy.add(value instanceof byte[] bytes ? List.of(Arrays.toString(bytes)) : value);
            }
            values.add(copy);
        }
        return values;
    }
}
