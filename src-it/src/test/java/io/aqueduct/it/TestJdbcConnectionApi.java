package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * JDBC calls tools make on every connection that Avatica's client failed with SQLFeatureNotSupportedException or took
 * and then failed later: {@code nativeSQL}, client info, {@code setEscapeProcessing}, and a scrollable or updatable
 * result set type, which becomes forward-only and read-only with a warning, as JDBC asks of a driver that cannot give
 * it.
 */
@ExtendWith(SharedCluster.class)
class TestJdbcConnectionApi {
    private final AqueductCluster cluster;

    TestJdbcConnectionApi(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @Test
    void nativeSqlIsTheStatementTheServerRuns() throws SQLException {
        try (Connection connection = cluster.connect()) {
            String sql = "SELECT {fn UCASE(n_name)} FROM nation";
            assertThat(connection.nativeSQL(sql)).isEqualTo(sql);
        }
    }

    @Test
    void clientInfoIsKeptOnTheConnection() throws SQLException {
        Connection closed;
        try (Connection connection = cluster.connect()) {
            connection.setClientInfo("ApplicationName", "DBeaver 24.3");
            assertThat(connection.getClientInfo("ApplicationName")).isEqualTo("DBeaver 24.3");
            Properties properties = new Properties();
            properties.setProperty("ClientUser", "analyst");
            connection.setClientInfo(properties);
            assertThat(connection.getClientInfo()).isEqualTo(properties);
            connection.setClientInfo("ClientUser", null);
            assertThat(connection.getClientInfo()).isEmpty();
            connection.setClientInfo(properties);
            connection.setClientInfo((Properties) null);
            assertThat(connection.getClientInfo()).isEmpty();
            closed = connection;
        }
        assertThatThrownBy(() -> closed.setClientInfo("ApplicationName", "x"))
                .isInstanceOf(SQLClientInfoException.class);
    }

    @Test
    void escapeProcessingCanBeSetAndEscapesStillRun() throws SQLException {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            statement.setEscapeProcessing(false);
            statement.setEscapeProcessing(true);
            try (ResultSet rows = statement.executeQuery("SELECT {fn UCASE('abc')}")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo("ABC");
            }
        }
    }

    /**
     * A statement may end with semicolons and comments, as scripts write it; one in a string is text; a second statement
     * fails saying that a call runs one.
     */
    @Test
    void statementsMayEndWithSemicolons() throws SQLException {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            try (ResultSet rows =
                    statement.executeQuery("SELECT n_name, 'a;b' FROM nation WHERE n_nationkey = 3; -- done\n")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo("CANADA");
                assertThat(rows.getString(2)).isEqualTo("a;b");
            }
            assertThat(statement.execute("SET query.fetch_wait = '2s';;")).isFalse();
            try (PreparedStatement prepared =
                    connection.prepareStatement("SELECT n_name FROM nation WHERE n_nationkey = ? ;")) {
                prepared.setInt(1, 3);
                try (ResultSet rows = prepared.executeQuery()) {
                    assertThat(rows.next()).isTrue();
                    assertThat(rows.getString(1)).isEqualTo("CANADA");
                }
            }
            assertThatThrownBy(() -> statement.executeQuery(" ; "))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("The statement is empty");
            assertThatThrownBy(() -> statement.executeQuery("SELECT 1; SELECT 2"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("One statement at a time")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("42000");
        }
    }

    @Test
    void scrollableAndUpdatableRequestsBecomeForwardOnlyReadOnlyWithAWarning() throws SQLException {
        try (Connection connection = cluster.connect()) {
            assertThat((Throwable) connection.getWarnings()).isNull();
            try (Statement statement =
                    connection.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE)) {
                assertThat(statement.getResultSetType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
                assertThat(statement.getResultSetConcurrency()).isEqualTo(ResultSet.CONCUR_READ_ONLY);
                try (ResultSet rows = statement.executeQuery("SELECT n_name FROM nation ORDER BY n_name")) {
                    assertThat(rows.getType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
                    assertThat(rows.next()).isTrue();
                    assertThat(rows.getString(1)).isEqualTo("ALGERIA");
                }
            }
            SQLWarning warning = connection.getWarnings();
            assertThat((Throwable) warning).isNotNull();
            assertThat(warning.getSQLState()).isEqualTo("01S02");
            assertThat(warning.getMessage()).contains("TYPE_SCROLL_INSENSITIVE became TYPE_FORWARD_ONLY");
            assertThat(warning.getNextWarning().getMessage()).contains("CONCUR_UPDATABLE became CONCUR_READ_ONLY");

            connection.clearWarnings();
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT count(*) FROM nation", ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_READ_ONLY)) {
                assertThat(statement.getResultSetType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
            }
            assertThat(connection.getWarnings().getMessage()).contains("TYPE_SCROLL_SENSITIVE");
            assertThat((Throwable) connection.getWarnings().getNextWarning()).isNull();
        }
    }
}
