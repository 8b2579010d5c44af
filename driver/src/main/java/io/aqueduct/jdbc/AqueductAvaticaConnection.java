package io.aqueduct.jdbc;

import static java.util.Objects.requireNonNull;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;

/**
 * The driver's {@link java.sql.Connection}. Reports every execution of its statements to their
 * {@link QueryIdTracker}, and answers {@link AqueductConnection} and the trackers' lookups with
 * {@link SystemQuery system queries}, each prepared once on this connection and kept open until it
 * closes (the server closes them with the connection).
 */
final class AqueductAvaticaConnection extends AvaticaConnection implements AqueductConnection {
    /** The caller named a query that does not exist: syntax error or access rule violation. */
    static final String UNKNOWN_QUERY = "42000";
    /** The query exists but has not finished: object not in prerequisite state. */
    static final String QUERY_NOT_FINISHED = "55000";

    /** Guards {@link #systemStatements}; statements of one connection may run on several threads. */
    private final Object systemQueryLock = new Object();

    private final Map<SystemQuery, PreparedStatement> systemStatements = new EnumMap<>(SystemQuery.class);

    private final QueryControl queryControl = new QueryControl(this);

    AqueductAvaticaConnection(UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) {
        super(driver, factory, url, info);
    }

    /** Sends this connection's timeouts and cancels. */
    QueryControl queryControl() {
        return queryControl;
    }

    @Override
    public String getFinalPlan(String queryId) throws SQLException {
        return finalPlan(SystemQuery.FINAL_PLAN, queryId);
    }

    @Override
    public String getFinalPlanJson(String queryId) throws SQLException {
        return finalPlan(SystemQuery.FINAL_PLAN_JSON, queryId);
    }

    /** The latest query {@code sys.queries} recorded for {@code statement}; see {@link QueryIdTracker}. */
    Optional<String> latestQueryId(AvaticaStatement statement) throws SQLException {
        int statementId = statement.handle.id;
        try {
            return runSystemQuery(
                    SystemQuery.LATEST_QUERY_ID_OF_STATEMENT,
                    rows -> rows.next() ? Optional.ofNullable(rows.getString(1)) : Optional.empty(),
                    id,
                    statementId);
        } catch (SQLException e) {
            throw new SQLException(
                    "Cannot look up the query id of statement " + statementId + " in sys.queries: " + e.getMessage(),
                    e.getSQLState(),
                    e.getErrorCode(),
                    e);
        }
    }

    private String finalPlan(SystemQuery query, String queryId) throws SQLException {
        requireNonNull(queryId, "queryId is null");
        return runSystemQuery(
                query,
                rows -> {
                    if (!rows.next()) {
                        throw new SQLException(
                                "Unknown query id '" + queryId + "': sys.queries has no such query", UNKNOWN_QUERY);
                    }
                    String plan = rows.getString(1);
                    if (plan == null) {
                        throw new SQLException(
                                "Query " + queryId + " has no final plan yet: it has not finished", QUERY_NOT_FINISHED);
                    }
                    return plan;
                },
                queryId);
    }

    @FunctionalInterface
    private interface RowsReader<T> {
        T read(ResultSet rows) throws SQLException;
    }

    private <T> T runSystemQuery(SystemQuery query, RowsReader<T> reader, Object... parameters) throws SQLException {
        synchronized (systemQueryLock) {
            try (ResultSet rows = executeSystemQuery(query, parameters)) {
                return reader.read(rows);
            }
        }
    }

    /**
     * Executes the prepared system query, preparing it on first use. A kept statement that fails is
     * prepared afresh once: the server may have dropped it.
     */
    private ResultSet executeSystemQuery(SystemQuery query, Object... parameters) throws SQLException {
        PreparedStatement kept = systemStatements.remove(query);
        if (kept != null) {
            try {
                ResultSet rows = execute(kept, parameters);
                systemStatements.put(query, kept);
                return rows;
            } catch (SQLException e) {
                closeQuietly(kept, e);
            }
        }
        PreparedStatement fresh = prepareStatement(query.sql());
        try {
            ResultSet rows = execute(fresh, parameters);
            systemStatements.put(query, fresh);
            return rows;
        } catch (SQLException e) {
            closeQuietly(fresh, e);
            throw e;
        }
    }

    private static ResultSet execute(PreparedStatement statement, Object... parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement.executeQuery();
    }

    private static void closeQuietly(PreparedStatement statement, SQLException failure) {
        try {
            statement.close();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    // Every execution of a statement on the server passes one of the next four methods.

    @Override
    protected Meta.ExecuteResult prepareAndExecuteInternal(AvaticaStatement statement, String sql, long maxRowCount)
            throws SQLException, NoSuchStatementException {
        queryControl.applyTimeout(statement);
        executionStarted(statement);
        try {
            return super.prepareAndExecuteInternal(statement, sql, maxRowCount);
        } finally {
            executionFinished(statement);
        }
    }

    @Override
    protected ResultSet executeQueryInternal(
            AvaticaStatement statement,
            Meta.Signature signature,
            Meta.Frame firstFrame,
            QueryState state,
            boolean isUpdate)
            throws SQLException {
        // Only a prepared statement executes here; Avatica also comes here to wrap metadata results.
        if (!(statement instanceof AvaticaPreparedStatement)) {
            return super.executeQueryInternal(statement, signature, firstFrame, state, isUpdate);
        }
        queryControl.applyTimeout(statement);
        executionStarted(statement);
        try {
            return super.executeQueryInternal(statement, signature, firstFrame, state, isUpdate);
        } catch (SQLException e) {
            throw QueryErrors.typed(e);
        } finally {
            executionFinished(statement);
        }
    }

    @Override
    protected Meta.ExecuteBatchResult prepareAndUpdateBatch(AvaticaStatement statement, List<String> queries)
            throws NoSuchStatementException, SQLException {
        executionStarted(statement);
        try {
            return super.prepareAndUpdateBatch(statement, queries);
        } finally {
            executionFinished(statement);
        }
    }

    @Override
    protected long[] executeBatchUpdateInternal(AvaticaPreparedStatement statement) throws SQLException {
        executionStarted(statement);
        try {
            return super.executeBatchUpdateInternal(statement);
        } finally {
            executionFinished(statement);
        }
    }

    private static void executionStarted(AvaticaStatement statement) {
        if (statement instanceof QueryIdTracker.Owner owner) {
            owner.queryIds().executionStarted();
        }
    }

    private static void executionFinished(AvaticaStatement statement) {
        if (statement instanceof QueryIdTracker.Owner owner) {
            owner.queryIds().executionFinished();
        }
    }
}
