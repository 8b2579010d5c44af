package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * VERSION() names the server's version as DatabaseMetaData does. CURRENT_USER and its kin, CURRENT_CATALOG and CURRENT_SCHEMA (and JDBC's {@code {fn USER()}} and {@code {fn
 * DATABASE()}}, PostgreSQL's {@code current_database()}) answer each connection's own values, also when two connections run the same statement, whose compiled
 * form the coordinator shares.
 */
@ExtendWith(SharedCluster.class)
class TestSessionFunctions {
    private static final String SESSION_SQL = "SELECT current_user, session_user, user, system_user, {fn USER()},"
            + " current_catalog, {fn DATABASE()}, current_database(), current_schema";

    private final AqueductCluster cluster;

    TestSessionFunctions(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @Test
    void eachConnectionReadsItsOwnUserCatalogAndSchema() throws SQLException {
        try (Connection alice = connect("alice", "tiny");
                Connection bob = connect("bob", "sf0_1")) {
            assertThat(row(alice, SESSION_SQL))
                    .containsExactly("alice", "alice", "alice", "alice", "alice", "tpch", "tpch", "tpch", "tiny");
            assertThat(row(bob, SESSION_SQL))
                    .containsExactly("bob", "bob", "bob", "bob", "bob", "tpch", "tpch", "tpch", "sf0_1");
            String perRow = "SELECT current_user || '@' || current_schema, count(*) FROM nation GROUP BY 1";
            assertThat(row(alice, "SELECT version()"))
                    .containsExactly("Aqueduct " + alice.getMetaData().getDatabaseProductVersion());
            assertThat(row(alice, perRow)).containsExactly("alice@tiny", "25");
            assertThat(row(bob, perRow)).containsExactly("bob@sf0_1", "25");
        }
    }

    private Connection connect(String user, String schema) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("schema", schema);
        return cluster.connect(properties);
    }

    private static List<String> row(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            List<String> values = new ArrayList<>();
            for (int column = 1; column <= rows.getMetaData().getColumnCount(); column++) {
                values.add(rows.getString(column));
            }
            assertThat(rows.next()).isFalse();
            return values;
        }
    }
}
