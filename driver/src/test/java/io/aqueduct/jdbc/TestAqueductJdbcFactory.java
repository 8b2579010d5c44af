package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The driver's JDBC objects unwrap to Aqueduct's interfaces. No server runs: the connection points
 * at a closed port and statements get their handles here, so any call that reached the server would
 * fail.
 */
class TestAqueductJdbcFactory {
    private final AqueductDriver driver = new AqueductDriver();
    private final AvaticaFactory factory = driver.jdbcFactory();
    private AvaticaConnection connection;

    @BeforeEach
    void createConnection() throws SQLException, IOException {
        String url = "jdbc:aqueduct://localhost:" + closedPort();
        Properties avatica = ConnectionSettings.create(AqueductUrl.parse(url), new Properties())
                .avaticaProperties();
        connection = factory.newConnection(driver, factory, url, avatica);
    }

    @AfterEach
    void forgetConnection() {
        connection = null; // never opened on a server, so nothing to close
    }

    @Test
    void factoryKeepsAvaticasJdbcVersion() {
        assertThat(factory.getJdbcMajorVersion()).isEqualTo(4);
        assertThat(factory.getJdbcMinorVersion()).isEqualTo(1);
    }

    @Test
    void connectionUnwrapsToAqueductConnection() throws SQLException {
        Connection jdbc = connection;
        assertThat(jdbc.isWrapperFor(AqueductConnection.class)).isTrue();
        assertThat(jdbc.unwrap(AqueductConnection.class)).isSameAs(connection);
        assertThat(jdbc.unwrap(AvaticaConnection.class)).isSameAs(connection);
        assertThat(jdbc.getMetaData().getConnection()).isSameAs(connection);
    }

    @Test
    void statementUnwrapsToAqueductStatement() throws SQLException {
        Statement statement = factory.newStatement(
                connection,
                handle(1),
                ResultSet.TYPE_FORWARD_ONLY,
                ResultSet.CONCUR_READ_ONLY,
                ResultSet.HOLD_CURSORS_OVER_COMMIT);
        assertThat(statement.isWrapperFor(AqueductStatement.class)).isTrue();
        assertThat(statement.unwrap(AqueductStatement.class)).isSameAs(statement);
        assertThat(statement.unwrap(AvaticaStatement.class)).isSameAs(statement);
        assertThat(statement.getConnection()).isSameAs(connection);
    }

    @Test
    void preparedStatementUnwrapsToAqueductStatement() throws SQLException {
        PreparedStatement statement = factory.newPreparedStatement(
                connection,
                handle(2),
                Meta.Signature.create(
                        List.of(), "SELECT 1", List.of(), Meta.CursorFactory.ARRAY, Meta.StatementType.SELECT),
                ResultSet.TYPE_FORWARD_ONLY,
                ResultSet.CONCUR_READ_ONLY,
                ResultSet.HOLD_CURSORS_OVER_COMMIT);
        assertThat(statement.isWrapperFor(AqueductStatement.class)).isTrue();
        assertThat(statement.unwrap(AqueductStatement.class)).isSameAs(statement);
        assertThat(statement.unwrap(AvaticaPreparedStatement.class)).isSameAs(statement);
    }

    @Test
    void queryIdIsEmptyBeforeAnyExecutionWithoutAskingTheServer() throws SQLException {
        Statement statement = factory.newStatement(
                connection,
                handle(3),
                ResultSet.TYPE_FORWARD_ONLY,
                ResultSet.CONCUR_READ_ONLY,
                ResultSet.HOLD_CURSORS_OVER_COMMIT);
        assertThat(statement.unwrap(AqueductStatement.class).getQueryId()).isEmpty();
    }

    @Test
    void otherInterfacesDoNotUnwrap() throws SQLException {
        assertThat(connection.isWrapperFor(AqueductStatement.class)).isFalse();
        assertThatThrownBy(() -> connection.unwrap(AqueductStatement.class)).isInstanceOf(SQLException.class);
    }

    @Test
    void finalPlanRequiresAQueryId() {
        AqueductConnection aqueduct = (AqueductConnection) connection;
        assertThatThrownBy(() -> aqueduct.getFinalPlan(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("queryId is null");
        assertThatThrownBy(() -> aqueduct.getFinalPlanJson(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("queryId is null");
    }

    private Meta.StatementHandle handle(int statementId) {
        return new Meta.StatementHandle(connection.id, statementId, null);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
