package io.aqueduct.server.coordinator;

import com.google.protobuf.ByteString;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.sql.ColumnOrigin;
import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.sql.JdbcEscapeClauses;
import io.aqueduct.core.sql.KillQuery;
import io.aqueduct.core.sql.SessionStatement;
import io.aqueduct.core.sql.ShowStatements;
import io.aqueduct.core.sql.TrailingSemicolons;
import io.aqueduct.core.sql.UpdateStatement;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.io.StringReader;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.ProtobufMeta;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;

/**
 * Aqueduct's side of the Avatica protocol: each JDBC call arrives here and goes to the engine.
 * Queries run on the workers; execute returns at once, and their rows stream to the client frame by
 * frame, never held whole. Closing a statement or its connection cancels its query; {@code KILL QUERY
 * '<id>'} cancels any.
 */
public final class AqueductMeta implements ProtobufMeta {
    static final String PRODUCT_NAME = "Aqueduct";
    /** The most rows of a frame, also the driver's default fetch size. */
    private static final int MAX_FRAME_ROWS = 65_536;
    /**
     * The most bytes of a frame, whatever the fetch size: big enough that round trips cost little, small
     * enough that the client parses one frame while the coordinator encodes the next rows, and that neither
     * side's copies of the response are humongous objects for G1 in a heap of 1 GiB or more (half a
     * region, 512 KiB; at 1 MiB these made most of both sides' collections, and the client spent less CPU
     * per row at 256 KiB).
     */
    private static final long MAX_FRAME_BYTES = 256L << 10;
    /**
     * The most bytes of the frame that comes with the execute response: small, since Avatica's server copies
     * that frame's rows as Java values.
     */
    private static final long FIRST_FRAME_BYTES = 64L << 10;

    private final Coordinator coordinator;
    private final CatalogMetadata catalogMetadata;
    private final String version;
    /** The parser's keywords that SQL:2003 does not reserve, as Calcite's parser lists them. */
    private static final String SQL_KEYWORDS =
            SqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata().getJdbcKeywords();

    /** Planned once, in the background from the start. */
    private final Supplier<SupportedFunctions> supportedFunctions;

    private final Map<String, ConnectionState> connections = new ConcurrentHashMap<>();
    private final AtomicInteger statementIds = new AtomicInteger();

    public AqueductMeta(Coordinator coordinator, String version) {
        this.coordinator = coordinator;
        this.catalogMetadata = new CatalogMetadata(coordinator.connectors(), coordinator.systemTables());
        this.version = version;
        Session probeSession = Session.fromConnectionProperties(Map.of(), coordinator.defaultSettings());
        // Planning the candidates takes seconds on a cold Calcite: start at once, not on the first connect.
        CompletableFuture<SupportedFunctions> functions = CompletableFuture.supplyAsync(() ->
                new SupportedFunctions(sql -> coordinator.compile(sql, probeSession), SupportedFunctions.CANDIDATES));
        this.supportedFunctions = functions::join;
    }

    private static final class ConnectionState {
        volatile Session session;
        final Map<Integer, StatementState> statements = new ConcurrentHashMap<>();
        /** What {@code Connection.getCatalog()} and {@code getSchema()} answer: the session's defaults. */
        ConnectionProperties properties;

        ConnectionState(Session session) {
            this.session = session;
            this.properties = new org.apache.calcite.avatica.ConnectionPropertiesImpl(
                    true, true, Connection.TRANSACTION_NONE, session.catalog(), session.schema());
        }
    }

    /** A statement's state; a fetch reads it under the lock but waits for rows outside it. */
    private static final class StatementState {
        CompiledQuery prepared;
        /** A prepared statement that writes (its text {@link #updateSql}), run by execute and executeBatch. */
        UpdateStatement update;

        String updateSql;
        volatile RetryingQuery execution;
        /** The session's {@code query.fetch_wait} when the execution started. */
        Duration fetchWait;

        Signature signature;
        long maxRowCount;
        long rowsSent;

        synchronized void closeExecution() {
            if (execution != null) {
                execution.close();
                execution = null;
            }
        }
    }

    // ---- connections and statements

    @Override
    public void openConnection(ConnectionHandle ch, Map<String, String> info) {
        guard(() -> connections.put(
                ch.id, new ConnectionState(Session.fromConnectionProperties(info, coordinator.defaultSettings()))));
    }

    @Override
    public void closeConnection(ConnectionHandle ch) {
        ConnectionState connection = connections.remove(ch.id);
        if (connection != null) {
            connection.statements.values().forEach(StatementState::closeExecution);
        }
    }

    @Override
    public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties connProps) {
        ConnectionState connection = connection(ch.id);
        connection.properties = connection.properties.merge(connProps);
        return connection.properties;
    }

    @Override
    public StatementHandle createStatement(ConnectionHandle ch) {
        int id = statementIds.incrementAndGet();
        connection(ch.id).statements.put(id, new StatementState());
        return new StatementHandle(ch.id, id, null);
    }

    @Override
    public void closeStatement(StatementHandle h) {
        ConnectionState connection = connections.get(h.connectionId);
        if (connection != null) {
            StatementState statement = connection.statements.remove(h.id);
            if (statement != null) {
                statement.closeExecution();
            }
        }
    }

    @Override
    public void commit(ConnectionHandle ch) {}

    @Override
    public void rollback(ConnectionHandle ch) {}

    // ---- queries

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
        return guard(() -> {
            ConnectionState connection = connection(ch.id);
            int id = statementIds.incrementAndGet();
            StatementState statement = new StatementState();
            String text = statementText(sql);
            Optional<UpdateStatement> update =
                    UpdateStatement.parse(text, connection.session.catalog(), connection.session.schema());
            if (update.isPresent()) {
                statement.update = update.get();
                statement.updateSql = text;
                statement.signature =
                        updateSignature(text, coordinator.updateParameterTypes(update.get(), text, connection.session));
            } else {
                compileInto(statement, connection.session, text, maxRowCount);
            }
            connection.statements.put(id, statement);
            return new StatementHandle(ch.id, id, statement.signature);
        });
    }

    /**
     * The statement's text without the semicolons that end it ({@link TrailingSemicolons}), its JDBC escape clauses
     * written as SQL ({@link JdbcEscapeClauses}). An empty statement reaches the server as null (found by
     * TestMalformedStatements).
     */
    private static String statementText(String sql) {
        String text = sql == null ? "" : JdbcEscapeClauses.rewrite(TrailingSemicolons.strip(sql));
        if (text.isBlank()) {
            throw new AqueductException(ErrorCode.SYNTAX_ERROR, "The statement is empty");
        }
        return text;
    }

    /**
     * Compiles {@code sql} as the statement's query (a {@code SHOW TABLES} and its kin as the query of
     * {@code information_schema} it stands for, {@link ShowStatements}), with the signature clients see; a positive
     * {@code maxRowCount} (the statement's {@code setMaxRows}) becomes the query's FETCH, so that it plans no more rows
     * than it sends.
     */
    private void compileInto(StatementState statement, Session session, String sql, long maxRowCount) {
        Optional<ShowStatements.ShowQuery> show = ShowStatements.parse(sql, session.catalog(), session.schema());
        show.ifPresent(listing -> requireExists(listing.subject()));
        String query = show.map(ShowStatements.ShowQuery::sql).orElse(sql);
        CompiledQuery compiled = coordinator.compile(query, session, maxRowCount);
        statement.prepared = compiled;
        statement.maxRowCount = maxRowCount;
        statement.signature = signature(compiled, session.timestampUnit());
    }

    /** Fails unless the catalog, schema or table a SHOW or DESCRIBE lists exists. */
    private void requireExists(List<String> subject) {
        if (subject.isEmpty()) {
            return;
        }
        String catalog = subject.get(0);
        boolean exists =
                switch (subject.size()) {
                    case 1 -> catalogMetadata.catalogs().stream().anyMatch(c -> c.tableCat.equals(catalog));
                    case 2 ->
                        catalogMetadata.schemas(catalog, subject.get(1)).stream()
                                .anyMatch(s -> s.tableSchem.equals(subject.get(1)));
                    default ->
                        catalogMetadata.tables(catalog, subject.get(1), subject.get(2), null).stream()
                                .anyMatch(
                                        t -> t.tableSchem.equals(subject.get(1)) && t.tableName.equals(subject.get(2)));
                };
        if (!exists) {
            String what =
                    switch (subject.size()) {
                        case 1 -> "Catalog ";
                        case 2 -> "Schema ";
                        default -> "Table ";
                    };
            throw new AqueductException(
                    subject.size() == 3 ? ErrorCode.TABLE_NOT_FOUND : ErrorCode.SCHEMA_NOT_FOUND,
                    what + String.join(".", subject) + " does not exist");
        }
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback)
            throws NoSuchStatementException {
        return prepareAndExecute(h, sql, maxRowCount, -1, callback);
    }

    @Override
    public ExecuteResult prepareAndExecute(
            StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame, PrepareCallback callback)
            throws NoSuchStatementException {
        long requestNanos = System.nanoTime();
        ConnectionState connection = connection(h.connectionId);
        StatementState statement = statement(connection, h.id);
        return guard(() -> {
            String text = statementText(sql);
            Optional<KillQuery> kill = KillQuery.parse(text);
            if (kill.isPresent()) {
                coordinator.kill(kill.get().queryId());
                return new ExecuteResult(List.of(MetaResultSet.count(h.connectionId, h.id, 0)));
            }
            Optional<SessionStatement> sessionStatement = SessionStatement.parse(text);
            if (sessionStatement.isPresent()) {
                statement.closeExecution();
                return apply(h, connection, sessionStatement.get());
            }
            Optional<UpdateStatement> update =
                    UpdateStatement.parse(text, connection.session.catalog(), connection.session.schema());
            if (update.isPresent()) {
                statement.closeExecution();
                long count = coordinator.executeUpdate(
                        update.get(), text, List.of(), connection.session, h.connectionId, h.id, requestNanos);
                return new ExecuteResult(List.of(MetaResultSet.count(h.connectionId, h.id, count)));
            }
            compileInto(statement, connection.session, text, maxRowCount);
            return run(h, statement, connection.session, List.of(), maxRowsInFirstFrame, requestNanos);
        });
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount)
            throws NoSuchStatementException {
        return execute(h, parameterValues, (int) Math.min(maxRowCount, Integer.MAX_VALUE));
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
            throws NoSuchStatementException {
        long requestNanos = System.nanoTime();
        StatementState statement = statement(connection(h.connectionId), h.id);
        if (statement.update != null) {
            long count = executePreparedUpdate(h, statement, parameterValues, requestNanos);
            return new ExecuteResult(List.of(MetaResultSet.count(h.connectionId, h.id, count)));
        }
        if (statement.prepared == null) {
            throw AvaticaErrors.toAvatica(new AqueductException(ErrorCode.INVALID_QUERY, "Statement was not prepared"));
        }
        List<Object> values = ParameterValues.of(parameterValues);
        Session session = connection(h.connectionId).session;
        return guard(() -> run(h, statement, session, values, maxRowsInFirstFrame, requestNanos));
    }

    private ExecuteResult run(
            StatementHandle h,
            StatementState statement,
            Session session,
            List<?> parameterValues,
            int maxRowsInFirstFrame,
            long requestNanos) {
        statement.closeExecution();
        if (statement.prepared.explainMode() != CompiledQuery.ExplainMode.NONE) {
            List<String> lines = statement.prepared.explainMode().analyze()
                    ? coordinator.explainAnalyze(statement.prepared, parameterValues, session, h.connectionId, h.id)
                    : coordinator.explain(statement.prepared, parameterValues, session);
            List<Object> rows = new ArrayList<>();
            lines.forEach(line -> rows.add(List.of(line)));
            Frame all = Frame.create(0, true, rows);
            return new ExecuteResult(
                    List.of(MetaResultSet.create(h.connectionId, h.id, false, statement.signature, all)));
        }
        Optional<List<ByteString>> systemRows =
                coordinator.answerOnCoordinator(statement.prepared, parameterValues, session, statement.maxRowCount);
        if (systemRows.isPresent()) {
            Frame all = EncodedFrame.of(0, true, systemRows.get());
            return new ExecuteResult(
                    List.of(MetaResultSet.create(h.connectionId, h.id, false, statement.signature, all)));
        }
        RetryingQuery execution =
                coordinator.execute(statement.prepared, parameterValues, session, h.connectionId, h.id, requestNanos);
        synchronized (statement) {
            statement.execution = execution;
            statement.rowsSent = 0;
            statement.fetchWait = Duration.ofMillis(session.settings().number(Setting.QUERY_FETCH_WAIT));
        }
        // Execute returns at once: the first frame holds only rows that are already there, usually none.
        // (Waiting here for the first batch would save a round trip, but pushed a short query past a 1 s HTTP
        // read timeout under load in TestQueryCancellation: left for later.)
        Frame first = nextFrame(statement, 0, maxRowsInFirstFrame, FIRST_FRAME_BYTES, Duration.ZERO);
        MetaResultSet resultSet = MetaResultSet.create(h.connectionId, h.id, false, statement.signature, first);
        return new ExecuteResult(List.of(resultSet));
    }

    /** SET and RESET change the connection's settings; SHOW SETTINGS lists them. */
    private ExecuteResult apply(StatementHandle h, ConnectionState connection, SessionStatement statement) {
        Session session = connection.session;
        if (statement instanceof SessionStatement.Set set) {
            connection.session = session.withSettings(session.settings().with(set.name(), set.value()));
        } else if (statement instanceof SessionStatement.Reset reset) {
            connection.session = session.withSettings(reset.name()
                    .map(name -> connection.session.settings().without(name))
                    .orElse(coordinator.defaultSettings()));
        } else {
            return new ExecuteResult(List.of(settingsResult(h, session)));
        }
        return new ExecuteResult(List.of(MetaResultSet.count(h.connectionId, h.id, 0)));
    }

    private static MetaResultSet settingsResult(StatementHandle h, Session session) {
        List<String> names = List.of("name", "value", "default_value", "is_set", "description");
        List<ColumnMetaData> columns = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            columns.add(
                    JdbcTypes.column(i, names.get(i), DataType.VARCHAR, true, null, null, "", TimestampUnit.MILLIS));
        }
        List<Object> rows = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            rows.add(List.of(
                    setting.settingName(),
                    String.valueOf(session.settings().value(setting)),
                    setting.defaultValue(),
                    String.valueOf(session.settings().isExplicit(setting)),
                    setting.description()));
        }
        Signature signature =
                Signature.create(columns, "SHOW SETTINGS", List.of(), CursorFactory.LIST, StatementType.SELECT);
        return MetaResultSet.create(h.connectionId, h.id, false, signature, Frame.create(0, true, rows));
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) throws NoSuchStatementException {
        StatementState statement = statement(connection(h.connectionId), h.id);
        return guard(() -> nextFrame(statement, offset, fetchMaxRowCount, MAX_FRAME_BYTES, null));
    }

    /**
     * The next rows of the statement's result, waiting up to {@code wait} (the session's {@code
     * query.fetch_wait} when null) for the first of them: a frame
     * that is empty and not done tells the client to fetch again. The last frame says done and frees the
     * query. The wait holds no lock, so a close or cancel of the statement goes through meanwhile. A frame
     * holds up to {@code requestedRows} rows (up to {@link #MAX_FRAME_ROWS} when 0 or less) and about
     * {@code maxBytes}.
     */
    private static Frame nextFrame(
            StatementState statement, long offset, int requestedRows, long maxBytes, Duration wait) {
        RetryingQuery execution;
        int rows = requestedRows <= 0 ? MAX_FRAME_ROWS : Math.min(requestedRows, MAX_FRAME_ROWS);
        synchronized (statement) {
            execution = statement.execution;
            if (execution == null) {
                return Frame.create(offset, true, List.of());
            }
            if (statement.maxRowCount > 0) {
                rows = (int) Math.min(rows, statement.maxRowCount - statement.rowsSent);
            }
            if (wait == null) {
                wait = statement.fetchWait;
            }
        }
        List<ByteString> frameRows = execution.fetch(rows, maxBytes, wait);
        synchronized (statement) {
            if (statement.execution != execution) {
                // Closed or executed again meanwhile: nothing more comes from this execution.
                return EncodedFrame.of(offset, true, frameRows);
            }
            statement.rowsSent += frameRows.size();
            boolean done =
                    execution.isDone() || (statement.maxRowCount > 0 && statement.rowsSent >= statement.maxRowCount);
            if (done) {
                statement.closeExecution();
            }
            return EncodedFrame.of(offset, done, frameRows);
        }
    }

    /** The result columns clients see, each named by the table it reads as it is ({@link ColumnOrigin}). */
    private static Signature signature(CompiledQuery query, TimestampUnit timestampUnit) {
        RowType type = query.resultType();
        List<Boolean> nullable = query.resultNullable();
        List<ColumnMetaData> columns = new ArrayList<>();
        List<ColumnOrigin> origins = query.resultOrigins();
        for (int i = 0; i < type.size(); i++) {
            ColumnOrigin origin = origins.get(i);
            columns.add(JdbcTypes.column(
                    i,
                    type.names().get(i),
                    type.type(i),
                    nullable.get(i),
                    origin.catalog(),
                    origin.schema(),
                    origin.table(),
                    timestampUnit));
        }
        return Signature.create(
                columns, query.sql(), parameters(query.parameterTypes()), CursorFactory.LIST, StatementType.SELECT);
    }

    private static List<AvaticaParameter> parameters(List<DataType> types) {
        List<AvaticaParameter> parameters = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            DataType parameterType = types.get(i);
            parameters.add(new AvaticaParameter(
                    parameterType.isNumeric(),
                    JdbcTypes.precision(parameterType),
                    parameterType.scale(),
                    JdbcTypes.sqlType(parameterType),
                    JdbcTypes.typeName(parameterType),
                    JdbcTypes.className(parameterType),
                    "?" + (i + 1)));
        }
        return parameters;
    }

    /** A batch of statements that write, run one after the other ({@code Statement.executeBatch}). */
    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
            throws NoSuchStatementException {
        ConnectionState connection = connection(h.connectionId);
        statement(connection, h.id);
        return guard(() -> {
            long[] counts = new long[sqlCommands.size()];
            for (int i = 0; i < counts.length; i++) {
                String sql = statementText(sqlCommands.get(i));
                UpdateStatement update = UpdateStatement.parse(
                                sql, connection.session.catalog(), connection.session.schema())
                        .orElseThrow(() -> new AqueductException(
                                ErrorCode.INVALID_QUERY, "A batch holds only statements that write: " + sql));
                counts[i] = coordinator.executeUpdate(
                        update, sql, List.of(), connection.session, h.connectionId, h.id, System.nanoTime());
            }
            return new ExecuteBatchResult(counts);
        });
    }

    /** A prepared statement that writes, once per parameter set ({@code PreparedStatement.executeBatch}). */
    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues)
            throws NoSuchStatementException {
        StatementState statement = statement(connection(h.connectionId), h.id);
        if (statement.update == null) {
            throw AvaticaErrors.toAvatica(new AqueductException(
                    ErrorCode.INVALID_QUERY, "A batch runs only a prepared statement that writes"));
        }
        long[] counts = new long[parameterValues.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = executePreparedUpdate(h, statement, parameterValues.get(i), System.nanoTime());
        }
        return new ExecuteBatchResult(counts);
    }

    @Override
    public ExecuteBatchResult executeBatchProtobuf(StatementHandle h, List<Requests.UpdateBatch> parameterValues)
            throws NoSuchStatementException {
        List<List<TypedValue>> values = new ArrayList<>();
        for (Requests.UpdateBatch batch : parameterValues) {
            values.add(batch.getParameterValuesList().stream()
                    .map(TypedValue::fromProto)
                    .toList());
        }
        return executeBatch(h, values);
    }

    private long executePreparedUpdate(
            StatementHandle h, StatementState statement, List<TypedValue> parameterValues, long requestNanos) {
        List<Object> values = ParameterValues.of(parameterValues);
        Session session = connection(h.connectionId).session;
        statement.closeExecution();
        return guard(() -> coordinator.executeUpdate(
                statement.update, statement.updateSql, values, session, h.connectionId, h.id, requestNanos));
    }

    /** A statement that writes: no columns, its parameters typed as the columns they go into. */
    private static Signature updateSignature(String sql, List<DataType> parameterTypes) {
        return Signature.create(List.of(), sql, parameters(parameterTypes), CursorFactory.LIST, StatementType.IS_DML);
    }

    @Override
    public boolean syncResults(StatementHandle sh, QueryState state, long offset) {
        return false;
    }

    @Override
    public Iterable<Object> createIterable(
            StatementHandle stmt,
            QueryState state,
            Signature signature,
            List<TypedValue> parameters,
            Frame firstFrame) {
        throw new UnsupportedOperationException("Client-side iteration does not run on the server");
    }

    // ---- metadata

    @Override
    public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
        Map<DatabaseProperty, Object> properties = new EnumMap<>(DatabaseProperty.class);
        properties.put(DatabaseProperty.GET_DATABASE_PRODUCT_NAME, PRODUCT_NAME);
        properties.put(DatabaseProperty.GET_DATABASE_PRODUCT_VERSION, version);
        properties.put(DatabaseProperty.GET_DATABASE_MAJOR_VERSION, versionPart(0));
        properties.put(DatabaseProperty.GET_DATABASE_MINOR_VERSION, versionPart(1));
        properties.put(DatabaseProperty.GET_DEFAULT_TRANSACTION_ISOLATION, Connection.TRANSACTION_NONE);
        SupportedFunctions functions = supportedFunctions.get();
        properties.put(DatabaseProperty.GET_NUMERIC_FUNCTIONS, functions.list(SupportedFunctions.Category.NUMERIC));
        properties.put(DatabaseProperty.GET_STRING_FUNCTIONS, functions.list(SupportedFunctions.Category.STRING));
        properties.put(DatabaseProperty.GET_SYSTEM_FUNCTIONS, functions.list(SupportedFunctions.Category.SYSTEM));
        properties.put(DatabaseProperty.GET_TIME_DATE_FUNCTIONS, functions.list(SupportedFunctions.Category.TIME_DATE));
        properties.put(DatabaseProperty.GET_S_Q_L_KEYWORDS, SQL_KEYWORDS);
        return properties;
    }

    private int versionPart(int index) {
        String[] parts = version.split("[.-]");
        try {
            return parts.length > index ? Integer.parseInt(parts[index]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public MetaResultSet getCatalogs(ConnectionHandle ch) {
        return metadata(ch, MetaImpl.MetaCatalog.class, catalogMetadata::catalogs);
    }

    @Override
    public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
        return metadata(ch, MetaImpl.MetaSchema.class, () -> catalogMetadata.schemas(catalog, schemaPattern.s));
    }

    @Override
    public MetaResultSet getTables(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, List<String> typeList) {
        return metadata(
                ch,
                MetaImpl.MetaTable.class,
                () -> catalogMetadata.tables(catalog, schemaPattern.s, tableNamePattern.s, typeList));
    }

    @Override
    public MetaResultSet getColumns(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, Pat columnNamePattern) {
        return metadata(
                ch,
                MetaImpl.MetaColumn.class,
                () -> catalogMetadata.columns(catalog, schemaPattern.s, tableNamePattern.s, columnNamePattern.s));
    }

    @Override
    public MetaResultSet getTableTypes(ConnectionHandle ch) {
        return metadata(ch, MetaImpl.MetaTableType.class, catalogMetadata::tableTypes);
    }

    @Override
    public MetaResultSet getTypeInfo(ConnectionHandle ch) {
        return metadata(ch, CatalogMetadata.TypeInfoRow.class, catalogMetadata::typeInfo);
    }

    @Override
    public MetaResultSet getProcedures(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat procedureNamePattern) {
        return empty(ch, MetaImpl.MetaProcedure.class);
    }

    @Override
    public MetaResultSet getProcedureColumns(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat procedureNamePattern, Pat columnNamePattern) {
        return empty(ch, MetaImpl.MetaProcedureColumn.class);
    }

    @Override
    public MetaResultSet getColumnPrivileges(
            ConnectionHandle ch, String catalog, String schema, String table, Pat columnNamePattern) {
        return empty(ch, MetaImpl.MetaColumnPrivilege.class);
    }

    @Override
    public MetaResultSet getTablePrivileges(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern) {
        return empty(ch, MetaImpl.MetaTablePrivilege.class);
    }

    @Override
    public MetaResultSet getBestRowIdentifier(
            ConnectionHandle ch, String catalog, String schema, String table, int scope, boolean nullable) {
        return empty(ch, MetaImpl.MetaBestRowIdentifier.class);
    }

    @Override
    public MetaResultSet getVersionColumns(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaImpl.MetaVersionColumn.class);
    }

    @Override
    public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaImpl.MetaPrimaryKey.class);
    }

    @Override
    public MetaResultSet getImportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaImpl.MetaImportedKey.class);
    }

    @Override
    public MetaResultSet getExportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaImpl.MetaExportedKey.class);
    }

    @Override
    public MetaResultSet getCrossReference(
            ConnectionHandle ch,
            String parentCatalog,
            String parentSchema,
            String parentTable,
            String foreignCatalog,
            String foreignSchema,
            String foreignTable) {
        return empty(ch, MetaImpl.MetaCrossReference.class);
    }

    @Override
    public MetaResultSet getIndexInfo(
            ConnectionHandle ch, String catalog, String schema, String table, boolean unique, boolean approximate) {
        return empty(ch, MetaImpl.MetaIndexInfo.class);
    }

    @Override
    public MetaResultSet getUDTs(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern, int[] types) {
        return empty(ch, MetaImpl.MetaUdt.class);
    }

    @Override
    public MetaResultSet getSuperTypes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern) {
        return empty(ch, MetaImpl.MetaSuperType.class);
    }

    @Override
    public MetaResultSet getSuperTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern) {
        return empty(ch, MetaImpl.MetaSuperTable.class);
    }

    @Override
    public MetaResultSet getAttributes(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern, Pat attributeNamePattern) {
        return empty(ch, MetaImpl.MetaAttribute.class);
    }

    @Override
    public MetaResultSet getClientInfoProperties(ConnectionHandle ch) {
        return empty(ch, MetaImpl.MetaClientInfoProperty.class);
    }

    @Override
    public MetaResultSet getFunctions(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern) {
        return empty(ch, MetaImpl.MetaFunction.class);
    }

    @Override
    public MetaResultSet getFunctionColumns(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern, Pat columnNamePattern) {
        return empty(ch, MetaImpl.MetaFunctionColumn.class);
    }

    @Override
    public MetaResultSet getPseudoColumns(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, Pat columnNamePattern) {
        return empty(ch, MetaImpl.MetaPseudoColumn.class);
    }

    private MetaResultSet metadata(ConnectionHandle ch, Class<?> rowClass, Supplier<List<?>> rows) {
        return guard(() -> MetadataResults.of(ch.id, statementIds.incrementAndGet(), rowClass, rows.get()));
    }

    private MetaResultSet empty(ConnectionHandle ch, Class<?> rowClass) {
        return metadata(ch, rowClass, List::of);
    }

    // ---- helpers

    private ConnectionState connection(String connectionId) {
        ConnectionState connection = connections.get(connectionId);
        if (connection == null) {
            throw AvaticaErrors.toAvatica(
                    new AqueductException(ErrorCode.INVALID_ARGUMENT, "Connection " + connectionId + " is closed"));
        }
        return connection;
    }

    private static StatementState statement(ConnectionState connection, int statementId)
            throws NoSuchStatementException {
        StatementState statement = connection.statements.get(statementId);
        if (statement == null) {
            throw new NoSuchStatementException(new StatementHandle("", statementId, null));
        }
        return statement;
    }

    /**
     * Runs a client request, every failure reaching the client as an Avatica error with its SQLState. A request that
     * exhausted the heap (one huge value, say) fails with 53200, and one nested too deeply for the planner's recursion
     * with 54001, instead of an HTTP 500 the driver cannot read; the failed allocation or the unwound stack took nothing
     * else with it, so the coordinator serves on. A library's failed consistency check (Calcite's decorrelator throws
     * AssertionError on some correlated subqueries) is an internal error (XX000), logged, not a broken connection.
     */
    private static <T> T guard(Supplier<T> action) {
        try {
            return action.get();
        } catch (RuntimeException e) {
            throw AvaticaErrors.toAvatica(e);
        } catch (OutOfMemoryError e) {
            throw AvaticaErrors.toAvatica(new AqueductException(
                    ErrorCode.EXCEEDED_MEMORY_LIMIT,
                    "The request exhausted the coordinator's heap: " + e.getMessage(),
                    e));
        } catch (StackOverflowError e) {
            throw AvaticaErrors.toAvatica(AvaticaErrors.tooComplex(e));
        } catch (AssertionError e) {
            throw AvaticaErrors.toAvatica(
                    new AqueductException(ErrorCode.INTERNAL_ERROR, "Internal error: " + e.getMessage(), e));
        }
    }

    private static void guard(Runnable action) {
        guard(() -> {
            action.run();
            return null;
        });
    }
}
