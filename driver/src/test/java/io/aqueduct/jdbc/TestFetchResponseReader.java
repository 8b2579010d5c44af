package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

/** The driver's reading of a fetch response gives exactly what Avatica's own decoding gives. */
class TestFetchResponseReader {
    @Test
    void readsEveryScalarTypeAsAvaticaDoes() throws Exception {
        Random random = new Random(11);
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(Arrays.asList(
                    random.nextBoolean(),
                    random.nextInt(),
                    random.nextLong(),
                    random.nextDouble(),
                    BigDecimal.valueOf(random.nextLong(), random.nextInt(8)),
                    BigDecimal.valueOf(random.nextInt(2_000_000) - 1_000_000, random.nextInt(4) - 1),
                    "text " + i + " \u00e9\u4e2d",
                    new byte[] {(byte) i, 0, -1},
                    i % 3 == 0 ? null : "sometimes",
                    (short) i,
                    (byte) i,
                    random.nextFloat(),
                    new java.sql.Date(random.nextInt() * 1000L),
                    new java.sql.Time(random.nextInt(86_400_000)),
                    new java.sql.Timestamp(random.nextLong() / 1000)));
        }
        Common.Frame proto = Meta.Frame.create(7, false, rows).toProto();

        // Read without Avatica's help, though Avatica also wrote each value's deprecated copy.
        Service.FetchResponse read = readScalars(response(proto));

        assertThat(read.frame.offset).isEqualTo(7);
        assertThat(read.frame.done).isFalse();
        assertThat(values(read.frame)).isEqualTo(values(Meta.Frame.fromProto(proto)));
        assertThat(read.missingStatement).isTrue();
        assertThat(read.missingResults).isFalse();
        assertThat(read.rpcMetadata.serverAddress).isEqualTo("host:1");
    }

    @Test
    void readsRowsOfAnyWidth() throws Exception {
        List<Object> rows = List.of(
                Arrays.asList(1, "a"), Arrays.asList(2, "b", 3L, null, "c"), List.of(), Arrays.asList((Object) null));
        Common.Frame proto = Meta.Frame.create(0, true, rows).toProto();

        Service.FetchResponse read = readScalars(response(proto));

        assertThat(values(read.frame)).isEqualTo(values(Meta.Frame.fromProto(proto)));
    }

    @Test
    void readsDecimalsAsBigDecimalParsesThem() throws Exception {
        List<String> texts = List.of(
                "0",
                "-0.00",
                "12.5",
                "-7",
                ".5",
                "123456789012345678",
                "1234567890123456789.5",
                "1E+3",
                "-9223372036854775808",
                "0.000001");
        Common.Frame.Builder proto = Common.Frame.newBuilder().setDone(true);
        for (String text : texts) {
            proto.addRows(Common.Row.newBuilder()
                    .addValue(Common.ColumnValue.newBuilder()
                            .setScalarValue(Common.TypedValue.newBuilder()
                                    .setType(Common.Rep.BIG_DECIMAL)
                                    .setStringValue(text))));
        }

        Service.FetchResponse read = readScalars(response(proto.build()));

        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            BigDecimal value = (BigDecimal) ((List<?>) ((List<?>) read.frame.rows).get(i)).get(0);

            assertThat(value).as(text).isEqualTo(new BigDecimal(text));
            assertThat(value.scale()).as(text).isEqualTo(new BigDecimal(text).scale());
        }
    }

    @Test
    void readsTextsOfEveryLengthAndRepeatedShortOnesAsOneString() throws Exception {
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(Arrays.asList(
                    i % 2 == 0 ? "R" : "N\u00e9",
                    "x".repeat(i % 40),
                    "\u4e2d\u6587 " + i + " \ud83d\ude00".repeat(i % 5),
                    i % 7 == 0 ? null : "DELIVER IN PERSON",
                    ""));
        }
        Common.Frame proto = Meta.Frame.create(0, true, rows).toProto();

        Service.FetchResponse read = readScalars(response(proto));

        assertThat(values(read.frame)).isEqualTo(values(Meta.Frame.fromProto(proto)));
        List<?> frameRows = (List<?>) read.frame.rows;
        assertThat(((List<?>) frameRows.get(2)).get(0)).isSameAs(((List<?>) frameRows.get(0)).get(0));
        assertThat(((List<?>) frameRows.get(8)).get(3)).isSameAs(((List<?>) frameRows.get(1)).get(3));
    }

    @Test
    void readsTheMessageWhereItIsInALargerArray() throws Exception {
        List<Object> rows =
                List.of(Arrays.asList("a text longer than twenty-four bytes", BigDecimal.valueOf(-1234, 2), 5));
        Common.Frame proto = Meta.Frame.create(3, true, rows).toProto();
        byte[] message = response(proto).toByteArray();
        byte[] padded = new byte[message.length + 20];
        Arrays.fill(padded, (byte) 0x7f);
        System.arraycopy(message, 0, padded, 11, message.length);

        Service.FetchResponse read = FetchResponseReader.readScalars(padded, 11, message.length);

        assertThat(read.frame.offset).isEqualTo(3);
        assertThat(values(read.frame)).isEqualTo(values(Meta.Frame.fromProto(proto)));
    }

    @Test
    void leavesArraysToAvatica() throws Exception {
        List<Object> rows = List.of(Arrays.asList(1, List.of(1, 2, 3)));
        Common.Frame proto = Meta.Frame.create(0, true, rows).toProto();

        Service.FetchResponse read = read(response(proto));

        assertThat(values(read.frame)).isEqualTo(values(Meta.Frame.fromProto(proto)));
        assertThat(read.frame.done).isTrue();
        assertThatThrownBy(() -> readScalars(response(proto))).isInstanceOf(FetchResponseReader.UnusualFrame.class);
    }

    private static Service.FetchResponse readScalars(Responses.FetchResponse response) throws Exception {
        byte[] bytes = response.toByteArray();
        return FetchResponseReader.readScalars(bytes, 0, bytes.length);
    }

    private static Service.FetchResponse read(Responses.FetchResponse response) throws Exception {
        byte[] bytes = response.toByteArray();
        return FetchResponseReader.read(bytes, 0, bytes.length);
    }

    private static Responses.FetchResponse response(Common.Frame frame) {
        return Responses.FetchResponse.newBuilder()
                .setFrame(frame)
                .setMissingStatement(true)
                .setMetadata(Responses.RpcMetadata.newBuilder().setServerAddress("host:1"))
                .build();
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
