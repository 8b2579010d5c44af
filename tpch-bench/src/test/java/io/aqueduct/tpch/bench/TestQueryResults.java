package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestQueryResults {
    @Test
    void readsEveryRowSortedWithPlainDecimalsAndNulls() throws Exception {
        try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:")) {
            List<String> rows = QueryResults.read(
                    duckDb,
                    "SELECT * FROM (VALUES (2, CAST(1E+3 AS DECIMAL(12, 2)), 'b'), (1, CAST(0.5 AS DECIMAL(12, 2)), NULL))"
                            + " AS t(k, v, s)");

            assertThat(rows).containsExactly("1 | 0.50 | NULL", "2 | 1000.00 | b");
        }
    }

    @Test
    void equalResultsInAnyOrderMatch() {
        ResultCheck check =
                QueryResults.compare("AQE on", List.of("1 | a", "2 | b"), "AQE off", List.of("1 | a", "2 | b"));

        assertThat(check).isEqualTo(new ResultCheck.Equal(2));
    }

    @Test
    void describesTheFirstDifferentRow() {
        ResultCheck check = QueryResults.compare(
                "AQE on", List.of("1 | a", "2 | b", "3 | c"), "AQE off", List.of("1 | a", "2 | x"));

        assertThat(check)
                .isEqualTo(
                        new ResultCheck.Different(
                                "AQE on returned 3 rows, AQE off 2; first difference at sorted row 2: AQE on [2 | b], AQE off [2 | x]"));
    }

    @Test
    void describesMissingRows() {
        ResultCheck check = QueryResults.compare("AQE on", List.of("1 | a"), "AQE off", List.of("1 | a", "1 | a"));

        assertThat(check)
                .isEqualTo(new ResultCheck.Different(
                        "AQE on returned 1 rows, AQE off 2; the first 1 sorted rows are equal"));
    }
}
