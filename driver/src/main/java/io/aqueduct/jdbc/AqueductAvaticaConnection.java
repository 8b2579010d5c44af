package io.aqueduct.jdbc;

import static java.util.Objects.requireNonNull;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
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
    /** An argument out of its range: invalid attribute value. */
    static final String INVALID_ARGUMENT = "HY024";
    /** The query exists but has not finished: object not in prerequisite state. */
    static final String QUERY_NOT_FINISHED = "55000";

    /** Guards {@link #systemStatements}; statements of one connection may run on several threads. */
    private final Object systemQueryLock = new Object();

    private final Map<SystemQuery, PreparedStatement> systemStatements = new EnumMap<>(SystemQuery.class);

    private final QueryControl queryControl = new QueryControl(this);

    private final Properties clientInfo = new Properties();

    private SQLWarning warnings;

    AqueductAvaticaConnection(UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) {
        super(driver, factory, url, info);
    }

    /**
     * Asks the server to confirm the connection, one round trip (Avatica's own {@code isValid} asks
     * nothing): false once it is closed, when the server does not answer within {@code timeout}
     * seconds (0: no limit), or when it no longer knows the connection.
     */
    @Override
    public boolean isValid(int timeout) throws SQLException {
        if (timeout < 0) {
            throw new SQLException("isValid timeout is negative: " + timeout, INVALID_ARGUMENT);
        }
        if (isClosed()) {
            return false;
        }
        CompletableFuture<Meta.ConnectionProperties> sync =
                CompletableFuture.supplyAsync(() -> meta.connectionSync(handle, new ConnectionPropertiesImpl()));
        try {
            if (timeout == 0) {
                sync.get();
            } else {
                sync.get(timeout, TimeUnit.SECONDS);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            sync.cancel(true);
            return false;
        }
    }

    /** The statement as the server runs it: the server itself translates JDBC escapes (Avatica's client throws). */
    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return requireNonNull(sql, "sql is null");
    }

    /**
     * Kept on the client and answered by {@link #getClientInfo()}: tools set {@code ApplicationName} on every
     * connection, and Avatica's client fails them.
     */
    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        requireOpenForClientInfo();
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        requireOpenForClientInfo();
        clientInfo.clear();
        if (properties != null) {
            clientInfo.putAll(properties);
        }
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        Properties copy = new Properties();
        copy.putAll(clientInfo);
        return copy;
    }

    /** As {@code checkOpen()}, with the exception type the client info setters declare. */
    private void requireOpenForClientInfo() throws SQLClientInfoException {
        try {
            checkOpen();
        } catch (SQLException e) {
            throw new SQLClientInfoException(e.getMessage(), e.getSQLState(), Map.of(), e);
        }
    }

    /** Warnings of this connection, such as a result set type it could not give; Avatica's client keeps none. */
    @Override
    public synchronized SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings;
    }

    @Override
    public synchronized void clearWarnings() throws SQLException {
        checkOpen();
        warnings = null;
    }

    synchronized void addWarning(SQLWarning warning) {
        if (warnings == null) {
            warnings = warning;
        } else {
            warnings.setNextWarning(warning);
        }
    }

    /** No user-defined types map to Java classes: an empty map (Avatica's client throws). */
    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return new HashMap<>();
    }

    /** What the server reports of itself, such as its product version (Avatica's client reports its own). */
    Object serverProperty(Meta.DatabaseProperty property) {
        return meta.getDatabaseProperties(handle).get(property);
    }

    /**
     * A result set of {@code rows}, computed by the driver, in {@code layout}: a metadata answer the
     * server does not give. Like Avatica's own metadata results it owns a statement, which closes
     * with it.
     */
    ResultSet localResultSet(MetadataLayout layout, List<List<Object>> rows) throws SQLException {
        AvaticaStatement statement = (AvaticaStatement) createStatement();
        Meta.Signature signature = Meta.Signature.create(
                layout.columns(), "", List.of(), Meta.CursorFactory.LIST, Meta.StatementType.SELECT);
        Meta.Frame frame = Meta.Frame.create(0, true, List.copyOf(rows));
        return createResultSet(
                Meta.MetaResultSet.create(id, statement.handle.id, true, signature, frame),
                new QueryState(layout.name()));
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

    /**
     * {@code getPrimaryKeys}'s rows: the primary key columns of {@code table} in the catalogs and
     * schemas named (null: any), ordered by column name as the javadoc orders them.
     */
    List<List<Object>> primaryKeys(String catalog, String schema, String table) throws SQLException {
        requireNonNull(table, "table is null");
        List<List<Object>> keys = runSystemQuery(
                SystemQuery.PRIMARY_KEYS,
                rows -> {
                    List<List<Object>> read = new ArrayList<>();
                    while (rows.next()) {
                        if ((catalog == null || catalog.equals(rows.getString(1)))
                                && (schema == null || schema.equals(rows.getString(2)))) {
                            read.add(Arrays.asList(
                                    rows.getString(1),
                                    rows.getString(2),
                                    rows.getString(3),
                                    rows.getString(4),
                                    (short) rows.getInt(5),
                                    rows.getString(6)));
                        }
                    }
                    return read;
                },
                table);
        keys.sort(Comparator.comparing(row -> (String) row.get(3)));
        return keys;
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

    /**
     * Avatica's, except that a statement the server refuses fails with the server's reason (as an execution does):
     * Avatica's client keeps only its SQLState and "while preparing SQL".
     */
    @Override
    public PreparedStatement prepareStatement(
            String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        checkOpen();
        Meta.StatementHandle statement;
        try {
            statement = meta.prepare(handle, sql, -1);
        } catch (AvaticaClientRuntimeException refused) {
            throw new AvaticaSqlException(
                    refused.getMessage(),
                    refused.getSqlState(),
                    refused.getErrorCode(),
                    refused.getServerExceptions(),
                    refused.getRpcMetadata() == null ? null : refused.getRpcMetadata().serverAddress);
        } catch (RuntimeException e) {
            throw QueryErrors.typed(HELPER.createException("while preparing SQL: " + sql, e));
        }
        return factory.newPreparedStatement(
                this, statement, statement.signature, resultSetType, resultSetConcurrency, resultSetHoldability);
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
