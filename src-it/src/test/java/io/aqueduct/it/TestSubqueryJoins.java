package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.SameAnswers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Correlated subqueries planned as semi and anti joins, and aggregations filtered by a semi join, give DuckDB's
 * answers on tables holding NULLs in their keys and in the columns the residual compares, through JDBC on real
 * workers.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestSubqueryJoins {
    private static final String SCHEMA = "subquery_joins";
    private static final List<String> SETUP = List.of(
            "CREATE TABLE orders (id INTEGER, customer INTEGER, region INTEGER)",
            "CREATE TABLE items (order_id INTEGER, supplier INTEGER, quantity INTEGER, late BOOLEAN)",
            "INSERT INTO orders VALUES (1, 10, 1), (2, 10, 2), (3, 20, NULL), (4, NULL, 1), (5, 30, 2), (NULL, 40, 1)",
            "INSERT INTO items VALUES (1, 10, 5, true), (1, 11, 7, false), (2, 10, 3, true), (3, NULL, 4, true),"
                    + " (3, 20, NULL, false), (4, 12, 9, true), (NULL, 10, 1, true), (5, 30, 2, NULL), (5, 31, 8, true)");

    private final AqueductCluster cluster;
    private DuckDbOracle oracle;
    private Connection connection;

    TestSubqueryJoins(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void open() throws SQLException {
        oracle = DuckDbOracle.load(0.01);
        oracle.update("CREATE SCHEMA memory." + SCHEMA);
        oracle.update("USE memory." + SCHEMA);
        try (Connection setup = cluster.connect();
                Statement statement = setup.createStatement()) {
            statement.executeUpdate("CREATE SCHEMA memory." + SCHEMA);
        }
        connection = cluster.connect("memory", SCHEMA);
        try (Statement statement = connection.createStatement()) {
            for (String sql : SETUP) {
                statement.executeUpdate(sql);
                oracle.update(sql);
            }
        }
    }

    @AfterAll
    void close() throws SQLException {
        connection.close();
        oracle.close();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT id FROM orders o WHERE EXISTS (SELECT * FROM items i WHERE i.order_id = o.id)",
                "SELECT id FROM orders o WHERE NOT EXISTS (SELECT * FROM items i WHERE i.order_id = o.id)",
                "SELECT id, customer FROM orders o WHERE EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.supplier <> o.customer)",
                "SELECT id, customer FROM orders o WHERE NOT EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.supplier <> o.customer)",
                "SELECT id FROM orders o WHERE NOT EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.late AND i.supplier <> o.customer)"
                        + " AND EXISTS (SELECT * FROM items i WHERE i.order_id = o.id AND i.supplier = o.customer)",
                "SELECT id FROM orders o WHERE EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.supplier = o.customer) AND NOT EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.late AND i.supplier <> o.customer)",
                "SELECT id FROM orders o WHERE EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.supplier <> o.customer) AND NOT EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.late AND i.supplier <> o.customer)",
                "SELECT id FROM orders o WHERE region = 1 AND NOT EXISTS"
                        + " (SELECT * FROM items i WHERE i.supplier = o.customer AND i.quantity > 4)",
                "SELECT id FROM orders o WHERE region IS NULL OR NOT EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id)",
                "SELECT o.id, o.customer FROM orders o JOIN"
                        + " (SELECT order_id, sum(quantity) AS total FROM items GROUP BY order_id) t"
                        + " ON t.order_id = o.id WHERE o.region = 2",
                "SELECT order_id, total FROM (SELECT order_id, sum(quantity) AS total FROM items GROUP BY order_id)"
                        + " WHERE total IN (SELECT customer - 7 FROM orders)",
                "SELECT order_id, total FROM (SELECT order_id, sum(quantity) AS total FROM items GROUP BY order_id)"
                        + " WHERE order_id IN (SELECT id FROM orders WHERE region = 1)",
                // Semi and anti joins whose outer side is the smaller one: built on it (RIGHT_SEMI, RIGHT_ANTI).
                "SELECT * FROM orders o WHERE region = 1 AND EXISTS (SELECT * FROM items i WHERE i.order_id = o.id)",
                "SELECT * FROM orders o WHERE region = 1 AND NOT EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.supplier <> o.customer)",
                // ...and whose outer side is the larger one: built on the inner side (SEMI).
                "SELECT * FROM items i WHERE EXISTS"
                        + " (SELECT * FROM orders o WHERE o.id = i.order_id AND o.region = 1 AND o.customer <> i.supplier)",
                // Joins with the distinct keys of an input, as semi joins.
                "SELECT o.id, o.region, d.order_id FROM orders o JOIN (SELECT DISTINCT order_id FROM items) d"
                        + " ON d.order_id = o.id WHERE o.region = 1",
                "SELECT d.*, o.region FROM (SELECT DISTINCT order_id, supplier FROM items) d JOIN orders o"
                        + " ON d.order_id = o.id AND d.supplier = o.customer",
                "SELECT sum(i.quantity) FROM items i, orders o WHERE i.order_id = o.id AND o.region = 1"
                        + " AND i.quantity < (SELECT avg(quantity) + 3 FROM items j WHERE j.order_id = i.order_id)"
            })
    void givesDuckDbsAnswers(String sql) throws SQLException {
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
    }

    @Test
    void explainShowsTheExistenceTestsAsSemiAndAntiJoins() throws SQLException {
        List<String> plan = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("EXPLAIN SELECT id FROM orders o WHERE EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.supplier <> o.customer) AND NOT EXISTS"
                        + " (SELECT * FROM items i WHERE i.order_id = o.id AND i.late AND i.supplier <> o.customer)")) {
            while (rows.next()) {
                plan.add(rows.getString(1));
            }
        }

        // Each built on the smaller side: orders (RIGHT_SEMI, RIGHT_ANTI) or items (SEMI, ANTI).
        assertThat(plan).anyMatch(line -> line.matches(".*HashJoin (RIGHT_)?ANTI .*"));
        assertThat(plan).anyMatch(line -> line.matches(".*HashJoin (RIGHT_)?SEMI .*"));
    }
}
