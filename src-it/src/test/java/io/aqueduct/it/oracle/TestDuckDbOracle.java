package io.aqueduct.it.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.tpch.TpchQueries;
import io.trino.tpch.GenerateUtils;
import io.trino.tpch.LineItem;
import io.trino.tpch.TpchTable;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestDuckDbOracle {
    private static final double TINY = 0.01;

    private DuckDbOracle oracle;

    @BeforeAll
    void load() throws SQLException {
        oracle = DuckDbOracle.load(TINY);
    }

    @AfterAll
    void close() throws SQLException {
        oracle.close();
    }

    @Test
    void tinyRowCounts() throws SQLException {
        Map<String, Long> expected = Map.of(
                "region", 5L,
                "nation", 25L,
                "supplier", 100L,
                "customer", 1_500L,
                "part", 2_000L,
                "partsupp", 8_000L,
                "orders", 15_000L,
                "lineitem", 60_175L);
        for (Map.Entry<String, Long> table : expected.entrySet()) {
            assertThat(oracle.query("select count(*) from " + table.getKey()))
                    .as(table.getKey())
                    .containsExactly(List.of(table.getValue()));
        }
    }

    @Test
    void columnNamesAndTypes() throws SQLException {
        QueryResult result = oracle.execute(
                "select l_orderkey, l_linenumber, l_extendedprice, l_shipdate, l_comment from lineitem limit 1");
        assertThat(result.columnNames())
                .containsExactly("l_orderkey", "l_linenumber", "l_extendedprice", "l_shipdate", "l_comment");
        assertThat(result.columnTypes()).containsExactly("BIGINT", "INTEGER", "DECIMAL(15,2)", "DATE", "VARCHAR");
    }

    @Test
    void rowsEqualTheGenerator() throws SQLException {
        LineItem first =
                TpchTable.LINE_ITEM.createGenerator(TINY, 1, 1).iterator().next();
        List<Object> row = oracle.query(
                        "select l_quantity, l_extendedprice, l_discount, l_shipdate, l_shipmode from lineitem"
                                + " where l_orderkey = %d and l_linenumber = %d"
                                        .formatted(first.getOrderKey(), first.getLineNumber()))
                .get(0);
        assertThat(row)
                .containsExactly(
                        BigDecimal.valueOf(first.getQuantity() * 100, 2),
                        BigDecimal.valueOf(first.getExtendedPriceInCents(), 2),
                        BigDecimal.valueOf(first.getDiscountPercent(), 2),
                        LocalDate.parse(GenerateUtils.formatDate(first.getShipDate())),
                        first.getShipMode());
    }

    @Test
    void decimalSumIsExact() throws SQLException {
        BigDecimal expected = BigDecimal.ZERO;
        for (LineItem item : TpchTable.LINE_ITEM.createGenerator(TINY, 1, 1)) {
            expected = expected.add(BigDecimal.valueOf(item.getExtendedPrice()));
        }
        Object sum =
                oracle.query("select sum(l_extendedprice) from lineitem").get(0).get(0);
        assertThat((BigDecimal) sum).isEqualByComparingTo(expected);
    }

    @Test
    void query1MatchesAggregatesComputedFromTheGenerator() throws SQLException {
        // Q1 keeps rows shipped on or before 1998-12-01 minus 90 days.
        int lastShipDay = (int) LocalDate.of(1998, 9, 2).toEpochDay();
        Map<String, long[]> quantityAndCount = new TreeMap<>();
        for (LineItem item : TpchTable.LINE_ITEM.createGenerator(TINY, 1, 1)) {
            if (item.getShipDate() <= lastShipDay) {
                long[] group =
                        quantityAndCount.computeIfAbsent(item.getReturnFlag() + item.getStatus(), key -> new long[2]);
                group[0] += item.getQuantity();
                group[1]++;
            }
        }
        List<List<Object>> expected = new ArrayList<>();
        quantityAndCount.forEach((group, values) -> expected.add(
                List.of(group.substring(0, 1), group.substring(1), BigDecimal.valueOf(values[0]), values[1])));

        List<List<Object>> actual = oracle.query(
                "select l_returnflag, l_linestatus, sum_qty, count_order from (" + TpchQueries.query(1) + ") q1");
        ResultComparator.assertSameRows(expected, actual, true);
        assertThat(oracle.execute(TpchQueries.query(1)).columnCount()).isEqualTo(10);
    }

    @Test
    void allQueriesRun() throws SQLException {
        for (int number : TpchQueries.numbers()) {
            QueryResult result = oracle.execute(TpchQueries.query(number));
            assertThat(result.columnCount()).as("q%d", number).isPositive();
        }
    }
}
