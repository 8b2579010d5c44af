package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import org.junit.jupiter.api.Test;

/** The SQLStates of failures during a statement, as Avatica's client reports them to the driver. */
class TestQueryErrors {
    @Test
    void aReadTimeoutOfTheHttpExchangeIsATimeout() {
        SQLException avatica = new SQLException(
                "Error while executing SQL \"SELECT 1\": java.net.SocketTimeoutException: Read timed out",
                new RuntimeException(new SocketTimeoutException("Read timed out")));

        SQLException typed = QueryErrors.typed(avatica);

        assertThat((Throwable) typed).isInstanceOf(SQLTimeoutException.class);
        assertThat(typed.getMessage()).contains("http_response_timeout");
        assertThat(typed.getSQLState()).isEqualTo("HYT00");
    }

    @Test
    void anotherIoFailureIsALostConnection() {
        SQLException avatica =
                new SQLException("Error while executing SQL", new RuntimeException(new ConnectException("refused")));

        SQLException typed = QueryErrors.typed(avatica);

        assertThat(typed.getSQLState()).isEqualTo("08006");
        assertThat(typed.getMessage()).contains("Lost the connection");
    }

    @Test
    void aFailureOfAFetchGetsTheSameStates() {
        assertThat(QueryErrors.fromFetch(new RuntimeException(new SocketTimeoutException("Read timed out")))
                        .getSQLState())
                .isEqualTo("HYT00");
    }

    @Test
    void theServersOwnStateIsKept() {
        SQLException server = new SQLException("Division by zero", "22012", new SocketTimeoutException("unrelated"));

        assertThat(QueryErrors.typed(server).getSQLState()).isEqualTo("22012");
    }
}
