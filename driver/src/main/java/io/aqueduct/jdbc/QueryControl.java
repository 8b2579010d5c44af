package io.aqueduct.jdbc;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.calcite.avatica.AvaticaStatement;

/**
 * What a connection sends in-band on a statement of its own, because Avatica's protocol carries
 * neither a cancel nor a query timeout: {@code KILL QUERY '<id>'} for {@link Statement#cancel()}, and
 * {@code SET query.timeout} before a statement with a {@link Statement#setQueryTimeout timeout} runs
 * (the server enforces it; {@code RESET} before the next statement without one). The timeout is a
 * setting of the connection's session, so two statements with different timeouts executing at the
 * same moment on one connection may each run with the other's.
 */
final class QueryControl {
    /** Cancels run here, so that {@code cancel()} returns at once, whatever the server's answer. */
    private static final ExecutorService CANCELS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "aqueduct-jdbc-cancel");
        thread.setDaemon(true);
        return thread;
    });

    private final AqueductAvaticaConnection connection;
    /** Guards the control statement and what the server's session holds as the timeout. */
    private final Object lock = new Object();

    private Statement control;
    private long sessionTimeoutSeconds;

    QueryControl(AqueductAvaticaConnection connection) {
        this.connection = connection;
    }

    /** Makes the server's session hold {@code statement}'s query timeout before the statement executes. */
    void applyTimeout(AvaticaStatement statement) throws SQLException {
        synchronized (lock) {
            if (statement == control) {
                return;
            }
            int seconds = statement.getQueryTimeout();
            if (seconds > 0) {
                send("SET query.timeout = '" + seconds + "s'");
            } else if (sessionTimeoutSeconds > 0) {
                send("RESET query.timeout");
            }
            sessionTimeoutSeconds = seconds;
        }
    }

    /**
     * Asks the server, on another thread, to kill the query {@code statement} runs; returns at once. The
     * statement then fails with SQLState 57014. Nothing happens when it runs no query.
     */
    void cancel(AvaticaStatement statement) {
        CANCELS.execute(() -> {
            try {
                Optional<String> queryId = connection.latestQueryId(statement);
                if (queryId.isPresent()) {
                    kill(queryId.get());
                }
            } catch (SQLException e) {
                // The query ended meanwhile or the connection is gone: there is nothing left to cancel.
            }
        });
    }

    private void kill(String queryId) throws SQLException {
        synchronized (lock) {
            send("KILL QUERY '" + queryId.replace("'", "''") + "'");
        }
    }

    private void send(String sql) throws SQLException {
        if (control == null) {
            control = connection.createStatement();
        }
        control.execute(sql);
    }
}
