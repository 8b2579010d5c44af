package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class TestLineitemScan {
    private static final String LINE = "  TableScan files.tpch.lineitem [l_orderkey, l_partkey]  [rows 600572, bytes"
            + " 120114400, batches 74, self 1200.00 ms, total 1250.00 ms, peak memory 4096 bytes]";

    @Test
    void theQueryReadsEveryColumn() {
        assertThat(LineitemScan.QUERY).startsWith("SELECT max(l_orderkey), ").endsWith("max(l_comment) FROM lineitem");
        assertThat(LineitemScan.QUERY.split("max\\(")).hasSize(17);
    }

    @Test
    void throughputPerCoreFromTheScanOperatorsOwnTime() {
        LineitemScan scan =
                LineitemScan.parse("Parquet", LINE, OptionalLong.of(24_000_000)).orElseThrow();
        assertThat(scan.rows()).isEqualTo(600_572);
        assertThat(scan.rowsPerSecondPerCore()).isCloseTo(500_476.7, org.assertj.core.data.Offset.offset(0.1));
        assertThat(scan.arrowMegabytesPerSecondPerCore())
                .isCloseTo(100.095, org.assertj.core.data.Offset.offset(0.001));
        assertThat(scan.summary()).contains("600,572 rows", "0.50 M rows/s", "100.1 MB/s", "20.0 MB/s of file");
        LineitemScan generated = new LineitemScan("tpch catalog", 600_572, 1, 600, OptionalLong.empty());
        assertThat(scan.ratioTo(generated)).endsWith("0.50x (rows/s per core)");
        assertThat(LineitemScan.parse(
                        "x",
                        "  TableScan files.tpch.orders [o_orderkey]  [rows 1, bytes 1," + " batches 1, self 1.00 ms",
                        OptionalLong.empty()))
                .isEmpty();
    }
}
