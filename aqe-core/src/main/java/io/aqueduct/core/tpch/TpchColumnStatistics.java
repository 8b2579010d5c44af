package io.aqueduct.core.tpch;

import io.aqueduct.core.connector.ColumnStatistics;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Distinct counts of the TPC-H columns from the specification (no column has nulls): keys are unique, a foreign
 * key takes as many values as the table it references has rows (only two thirds of the customers place orders),
 * and flags, codes, quantities and dates have fixed domains. Other columns (names, comments, prices) are taken as
 * unique. Every count is capped by the table's rows.
 */
final class TpchColumnStatistics {
    private static final int DAYS_OF_ORDER_DATES = 2406;
    private static final int DAYS_OF_SHIP_DATES = 2526;
    private static final int DAYS_OF_COMMIT_DATES = 2466;
    private static final int DAYS_OF_RECEIPT_DATES = 2554;
    private static final int CLERKS_PER_SCALE_FACTOR = 1000;

    private static final Map<String, ToLongFunction<TpchSchema>> DISTINCT_COUNTS = Map.ofEntries(
            Map.entry("n_regionkey", rows(TpchTable.REGION)),
            Map.entry("s_nationkey", rows(TpchTable.NATION)),
            Map.entry("c_nationkey", rows(TpchTable.NATION)),
            Map.entry("ps_partkey", rows(TpchTable.PART)),
            Map.entry("ps_suppkey", rows(TpchTable.SUPPLIER)),
            Map.entry("o_custkey", schema -> TpchRowCounts.rowCount(TpchTable.CUSTOMER, schema) * 2 / 3),
            Map.entry("l_orderkey", rows(TpchTable.ORDERS)),
            Map.entry("l_partkey", rows(TpchTable.PART)),
            Map.entry("l_suppkey", rows(TpchTable.SUPPLIER)),
            Map.entry("l_linenumber", fixed(7)),
            Map.entry("l_quantity", fixed(50)),
            Map.entry("l_discount", fixed(11)),
            Map.entry("l_tax", fixed(9)),
            Map.entry("l_returnflag", fixed(3)),
            Map.entry("l_linestatus", fixed(2)),
            Map.entry("l_shipdate", fixed(DAYS_OF_SHIP_DATES)),
            Map.entry("l_commitdate", fixed(DAYS_OF_COMMIT_DATES)),
            Map.entry("l_receiptdate", fixed(DAYS_OF_RECEIPT_DATES)),
            Map.entry("l_shipinstruct", fixed(4)),
            Map.entry("l_shipmode", fixed(7)),
            Map.entry("o_orderstatus", fixed(3)),
            Map.entry("o_orderdate", fixed(DAYS_OF_ORDER_DATES)),
            Map.entry("o_orderpriority", fixed(5)),
            // The generator never draws from fewer than 1000 clerks, below SF 1 too.
            Map.entry(
                    "o_clerk",
                    schema ->
                            Math.max(CLERKS_PER_SCALE_FACTOR, (long) (schema.scaleFactor() * CLERKS_PER_SCALE_FACTOR))),
            Map.entry("o_shippriority", fixed(1)),
            Map.entry("c_mktsegment", fixed(5)),
            Map.entry("p_mfgr", fixed(5)),
            Map.entry("p_brand", fixed(25)),
            Map.entry("p_type", fixed(150)),
            Map.entry("p_size", fixed(50)),
            Map.entry("p_container", fixed(40)),
            Map.entry("ps_availqty", fixed(9999)),
            Map.entry("n_name", fixed(25)),
            Map.entry("r_name", fixed(5)));

    private TpchColumnStatistics() {}

    static Map<String, ColumnStatistics> of(TpchTable<?> table, TpchSchema schema) {
        long rows = TpchRowCounts.rowCount(table, schema);
        Map<String, ColumnStatistics> statistics = new LinkedHashMap<>();
        for (TpchColumn<?> column : table.getColumns()) {
            long distinct = DISTINCT_COUNTS
                    .getOrDefault(column.getColumnName(), ignored -> rows)
                    .applyAsLong(schema);
            statistics.put(column.getColumnName(), new ColumnStatistics(Math.min(distinct, rows), 0));
        }
        return statistics;
    }

    private static ToLongFunction<TpchSchema> rows(TpchTable<?> table) {
        return schema -> TpchRowCounts.rowCount(table, schema);
    }

    private static ToLongFunction<TpchSchema> fixed(long distinct) {
        return ignored -> distinct;
    }
}
