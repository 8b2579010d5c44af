package io.aqueduct.core.tpch;

import io.aqueduct.core.connector.TableStatistics;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.util.Map;

/**
 * Row count and Arrow size of a TPC-H table. String widths are the generator's average UTF-8 bytes
 * per value, measured once on 2,000 rows of each table and kept here: measuring at planning time
 * would make the coordinator build io.trino.tpch's 300 MB text pool.
 */
final class TpchTableStatistics {
    private static final int OFFSET_BYTES = Integer.BYTES;
    private static final double VALIDITY_BYTES = 1.0 / 8;
    private static final double DEFAULT_STRING_BYTES = 16;
    private static final Map<String, Double> AVERAGE_STRING_BYTES = Map.ofEntries(
            Map.entry("c_name", 18.0),
            Map.entry("c_address", 24.7),
            Map.entry("c_phone", 15.0),
            Map.entry("c_mktsegment", 9.0),
            Map.entry("c_comment", 73.2),
            Map.entry("o_orderstatus", 1.0),
            Map.entry("o_orderpriority", 8.5),
            Map.entry("o_clerk", 15.0),
            Map.entry("o_comment", 48.0),
            Map.entry("l_returnflag", 1.0),
            Map.entry("l_linestatus", 1.0),
            Map.entry("l_shipinstruct", 12.0),
            Map.entry("l_shipmode", 4.3),
            Map.entry("l_comment", 27.0),
            Map.entry("p_name", 32.7),
            Map.entry("p_mfgr", 14.0),
            Map.entry("p_brand", 8.0),
            Map.entry("p_type", 20.6),
            Map.entry("p_container", 7.6),
            Map.entry("p_comment", 13.6),
            Map.entry("ps_comment", 124.6),
            Map.entry("s_name", 18.0),
            Map.entry("s_address", 25.4),
            Map.entry("s_phone", 15.0),
            Map.entry("s_comment", 61.2),
            Map.entry("n_name", 7.1),
            Map.entry("n_comment", 74.3),
            Map.entry("r_name", 6.8),
            Map.entry("r_comment", 66.0));

    private TpchTableStatistics() {}

    static TableStatistics compute(TpchTable<?> table, TpchSchema schema) {
        long rows = TpchRowCounts.rowCount(table, schema);
        return new TableStatistics(rows, Math.round(rows * averageRowBytes(table)));
    }

    private static double averageRowBytes(TpchTable<?> table) {
        double bytes = 0;
        for (TpchColumn<?> column : table.getColumns()) {
            bytes += VALIDITY_BYTES
                    + switch (column.getType().getBase()) {
                        case IDENTIFIER, DOUBLE -> Long.BYTES;
                        case INTEGER, DATE -> Integer.BYTES;
                        case VARCHAR ->
                            OFFSET_BYTES
                                    + AVERAGE_STRING_BYTES.getOrDefault(column.getColumnName(), DEFAULT_STRING_BYTES);
                    };
        }
        return bytes;
    }
}
