package io.aqueduct.tpch.bench;

import io.aqueduct.tpch.TpchQueries;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One JDBC session of the soak: until the deadline, statements picked at random from a mix of TPC-H
 * queries (each answer compared with the one the warm-up got), system-table reads, malformed statements
 * (each must fail with its SQLState), queries canceled from another thread (57014, or done first) and
 * queries over their timeout (HYT00, or done first). Everything else is unexpected and counted so.
 */
final class SoakSession implements Callable<Void> {
    /** A kind of statement and how often, out of 100, it is picked. */
    enum Kind {
        TPCH(55),
        SYSTEM(15),
        ERROR(15),
        CANCEL(10),
        TIMEOUT(5);

        private final int weight;

        Kind(int weight) {
            this.weight = weight;
        }

        static Kind pick(Random random) {
            int draw = random.nextInt(100);
            for (Kind kind : values()) {
                draw -= kind.weight;
                if (draw < 0) {
                    return kind;
                }
            }
            throw new AssertionError("weights add up to 100");
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Opens a session: the soak's JDBC URL with its schema. */
    @FunctionalInterface
    interface Connector {
        Connection connect() throws SQLException;
    }

    private record ExpectedError(String sql, String sqlState) {}

    private static final List<String> SYSTEM_QUERIES = List.of(
            "SELECT * FROM sys.workers",
            "SELECT query_id, state, attempt FROM sys.queries",
            "SELECT query_id, stage_id, state, rows_out FROM sys.tasks",
            "SELECT * FROM sys.settings",
            "SELECT count(*) FROM sys.operators");
    private static final List<ExpectedError> ERRORS = List.of(
            new ExpectedError("SELEC 1", "42000"),
            new ExpectedError("SELECT no_such_column FROM nation", "42S22"),
            new ExpectedError("SELECT * FROM no_such_table", "42S02"),
            new ExpectedError("SELECT n_name FROM nation WHERE", "42000"));
    /** The longer TPC-H queries: a cancel or a timeout has something to stop. */
    private static final List<Integer> LONG_QUERIES = List.of(9, 13, 18, 21);
    /** Longer than a second at any scale factor: a theta join of orders with itself. */
    private static final String OVERLONG =
            "SELECT count(*) FROM orders a JOIN orders b ON a.o_totalprice < b.o_totalprice";

    private static final int MAX_CANCEL_DELAY_MILLIS = 500;
    private static final int TIMEOUT_SECONDS = 1;

    private final Connector connector;
    private final Map<Integer, List<String>> answers;
    private final long deadlineNanos;
    private final SoakTally tally;
    private final ScheduledExecutorService canceller;
    private final Random random;

    SoakSession(
            Connector connector,
            Map<Integer, List<String>> answers,
            long deadlineNanos,
            SoakTally tally,
            ScheduledExecutorService canceller,
            long seed) {
        this.connector = connector;
        this.answers = answers;
        this.deadlineNanos = deadlineNanos;
        this.tally = tally;
        this.canceller = canceller;
        this.random = new Random(seed);
    }

    @Override
    public Void call() throws SQLException {
        Connection connection = connector.connect();
        try {
            while (System.nanoTime() < deadlineNanos) {
                Kind kind = Kind.pick(random);
                try {
                    run(kind, connection);
                } catch (SQLException | RuntimeException e) {
                    tally.unexpected(kind.label(), describe(e));
                    if (!connection.isValid(5)) {
                        connection.close();
                        connection = connector.connect();
                    }
                }
            }
        } finally {
            connection.close();
        }
        return null;
    }

    private void run(Kind kind, Connection connection) throws SQLException {
        switch (kind) {
            case TPCH -> tpch(connection);
            case SYSTEM -> system(connection);
            case ERROR -> expectError(connection, ERRORS.get(random.nextInt(ERRORS.size())));
            case CANCEL -> cancel(connection);
            case TIMEOUT -> timeout(connection);
        }
    }

    private void system(Connection connection) throws SQLException {
        readAll(connection, SYSTEM_QUERIES.get(random.nextInt(SYSTEM_QUERIES.size())));
        tally.count(Kind.SYSTEM.label(), "ok");
    }

    private void tpch(Connection connection) throws SQLException {
        List<Integer> numbers = TpchQueries.numbers();
        int number = numbers.get(random.nextInt(numbers.size()));
        ResultCheck check = QueryResults.compare(
                "warm-up", answers.get(number), "soak", QueryResults.read(connection, TpchQueries.query(number)));
        if (check instanceof ResultCheck.Equal) {
            tally.count(Kind.TPCH.label(), "ok");
        } else {
            tally.unexpected(Kind.TPCH.label(), "Q" + number + " answer differs: " + check);
        }
    }

    private void expectError(Connection connection, ExpectedError error) throws SQLException {
        try {
            readAll(connection, error.sql());
            tally.unexpected(Kind.ERROR.label(), "ran: " + error.sql());
        } catch (SQLException e) {
            if (!error.sqlState().equals(e.getSQLState())) {
                throw e;
            }
            tally.count(Kind.ERROR.label(), e.getSQLState());
        }
    }

    private void cancel(Connection connection) throws SQLException {
        int number = LONG_QUERIES.get(random.nextInt(LONG_QUERIES.size()));
        try (Statement statement = connection.createStatement()) {
            ScheduledFuture<?> cancel = canceller.schedule(
                    () -> {
                        try {
                            statement.cancel();
                        } catch (SQLException e) {
                            tally.unexpected(Kind.CANCEL.label(), "Statement.cancel: " + describe(e));
                        }
                    },
                    random.nextInt(MAX_CANCEL_DELAY_MILLIS),
                    TimeUnit.MILLISECONDS);
            try {
                drain(statement, TpchQueries.query(number));
                tally.count(Kind.CANCEL.label(), "done first");
            } catch (SQLException e) {
                if (!"57014".equals(e.getSQLState())) {
                    throw e;
                }
                tally.count(Kind.CANCEL.label(), "57014");
            } finally {
                cancel.cancel(false);
            }
        }
    }

    private void timeout(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(TIMEOUT_SECONDS);
            drain(statement, OVERLONG);
            tally.count(Kind.TIMEOUT.label(), "done first");
        } catch (SQLException e) {
            if (!"HYT00".equals(e.getSQLState())) {
                throw e;
            }
            tally.count(Kind.TIMEOUT.label(), "HYT00");
        }
    }

    private static void readAll(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            drain(statement, sql);
        }
    }

    private static void drain(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            int columns = rows.getMetaData().getColumnCount();
            while (rows.next()) {
                for (int column = 1; column <= columns; column++) {
                    rows.getObject(column);
                }
            }
        }
    }

    /** An unexpected error in one line; one without a message says where it was thrown. */
    static String describe(Exception e) {
        if (e instanceof SQLException sql) {
            return "SQLState " + sql.getSQLState() + ": " + sql.getMessage();
        }
        StackTraceElement[] stack = e.getStackTrace();
        return e.getClass().getName() + ": " + e.getMessage()
                + (e.getMessage() == null && stack.length > 0 ? " at " + stack[0] : "");
    }
}
