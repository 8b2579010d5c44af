package io.aqueduct.core.sql;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.sql.parser.AqueductSqlParserImpl;
import io.aqueduct.core.sql.parser.AqueductSqlParserImplConstants;
import io.aqueduct.core.sql.parser.AqueductSqlParserImplTokenManager;
import io.aqueduct.core.sql.parser.Token;
import io.aqueduct.core.system.SystemSnapshotSource;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.io.Reader;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.rules.AggregateReduceFunctionsRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.RelBuilder;

/**
 * SQL text to a single-node physical plan, all by Calcite: parse, validate, convert, remove
 * subqueries and decorrelate, optimize with rules, then translate into {@link PlanNode}s.
 *
 * <p>Identifiers follow what BI tools and the TPC-H texts expect: unquoted names are folded to
 * lower case (the case every catalog stores), quoted names are exact.
 */
public final class QueryCompiler {
    static final SqlParser.Config PARSER_CONFIG = SqlParser.config()
            .withQuoting(Quoting.DOUBLE_QUOTE)
            .withUnquotedCasing(Casing.TO_LOWER)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(true)
            .withConformance(SqlConformanceEnum.LENIENT)
            .withParserFactory(QueryCompiler::parser);

    /**
     * The three rules fire together until none matches: one after the other, a subquery in the WHERE of a subquery in
     * the SELECT list (or of a join's condition) was left behind by the filter rule, run before the projection's
     * exposed it, and failed as "Function $SCALAR_QUERY is not supported".
     */
    private static final HepProgram SUBQUERY_REMOVAL = new HepProgramBuilder()
            .addRuleCollection(List.of(
                    CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
                    CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE,
                    CoreRules.JOIN_SUB_QUERY_TO_CORRELATE))
            .build();

    private static final HepProgram LOGICAL_OPTIMIZATION = new HepProgramBuilder()
            .addRuleCollection(List.of(
                    CoreRules.FILTER_REDUCE_EXPRESSIONS,
                    CoreRules.PROJECT_REDUCE_EXPRESSIONS,
                    CoreRules.JOIN_REDUCE_EXPRESSIONS,
                    CoreRules.FILTER_INTO_JOIN,
                    CoreRules.JOIN_CONDITION_PUSH,
                    CoreRules.FILTER_PROJECT_TRANSPOSE,
                    CoreRules.FILTER_AGGREGATE_TRANSPOSE,
                    CoreRules.FILTER_MERGE,
                    CoreRules.PROJECT_MERGE,
                    CoreRules.PROJECT_REMOVE,
                    CoreRules.AGGREGATE_PROJECT_MERGE,
                    CoreRules.JOIN_PUSH_EXPRESSIONS,
                    CoreRules.UNION_TO_DISTINCT,
                    CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES_TO_JOIN,
                    CoreRules.AGGREGATE_REMOVE))
            .build();

    /**
     * SQL the engine runs through other operators, in this order: INTERSECT ALL and EXCEPT ALL become their
     * distinct forms over numbered duplicates, and those become aggregations; grouping sets become a UNION
     * ALL of aggregations; STDDEV, VARIANCE, COVAR_POP, COVAR_SAMP, REGR_SXX and REGR_SYY become sums of squares
     * and products over REGR_COUNT (a COUNT of several arguments); windowed aggregates ({@code RexOver}
     * in projections) move into Window rels.
     */
    private static final HepProgram REWRITES = new HepProgramBuilder()
            .addRuleInstance(SetOperationAllRule.INSTANCE)
            .addRuleInstance(CoreRules.INTERSECT_TO_DISTINCT)
            .addRuleInstance(CoreRules.MINUS_TO_DISTINCT)
            .addRuleInstance(CoreRules.AGGREGATE_GROUPING_SETS_TO_UNION)
            .addRuleInstance(AggregateReduceFunctionsRule.Config.DEFAULT
                    .withFunctionsToReduce(EnumSet.of(
                            SqlKind.STDDEV_POP,
                            SqlKind.STDDEV_SAMP,
                            SqlKind.VAR_POP,
                            SqlKind.VAR_SAMP,
                            SqlKind.COVAR_POP,
                            SqlKind.COVAR_SAMP,
                            SqlKind.REGR_SXX,
                            SqlKind.REGR_SYY))
                    .toRule())
            .addRuleInstance(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW)
            .build();

    /**
     * A join condition that is a disjunction, as in TPC-H Q7 and Q19 ({@code (a1 AND b1) OR (a2 AND b2)}), filters
     * each input by the disjunction of that input's own terms ({@code a1 OR a2}), so rows that cannot match are
     * dropped in the scan instead of being shuffled into the join. It runs in a program of its own: next to
     * JOIN_CONDITION_PUSH, which moves the derived terms down, it would derive them again without end. The bound on
     * matches is a guard; each join fires once, then its condition holds the derived terms.
     */
    private static final HepProgram DISJUNCTION_EXPANSION = new HepProgramBuilder()
            .addMatchLimit(32)
            .addRuleInstance(CoreRules.EXPAND_JOIN_DISJUNCTION_LOCAL)
            .build();

    /** Join order from statistics: Calcite's heuristic join ordering over multi-joins. */
    private static final HepProgram JOIN_ORDERING = new HepProgramBuilder()
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN)
            .addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE)
            .build();

    /** Joins that only filter become semi joins; a small join input filters an aggregation's input too. */
    private static final HepProgram SEMI_JOINS = new HepProgramBuilder()
            .addRuleCollection(List.of(
                    CoreRules.PROJECT_TO_SEMI_JOIN,
                    CoreRules.JOIN_TO_SEMI_JOIN,
                    AqueductRules.AGGREGATE_SEMI_JOIN,
                    AqueductRules.DISTINCT_JOIN_TO_SEMI_JOIN))
            .build();

    private static final HepProgram SCAN_PRUNING = new HepProgramBuilder()
            .addRuleCollection(List.of(
                    CoreRules.PROJECT_TABLE_SCAN,
                    CoreRules.PROJECT_MERGE,
                    CoreRules.PROJECT_REMOVE,
                    AqueductRules.AGGREGATE_SCAN_WITHOUT_COLUMNS,
                    AqueductRules.PROJECT_SCAN_WITHOUT_COLUMNS))
            .build();

    /**
     * The functions of PostgreSQL's library the engine runs. The library's others
     * are not offered: a call of one fails at validation as an unknown function (42000) rather than validating and
     * failing at planning.
     */
    private static final Set<String> POSTGRESQL_FUNCTIONS = Set.of(
            "BOOL_AND",
            "BOOL_OR",
            "CHR",
            "CONCAT",
            "GREATEST",
            "LEAST",
            "LEFT",
            "LENGTH",
            "LPAD",
            "LTRIM",
            "MD5",
            "RANDOM",
            "REGEXP_LIKE",
            "REGEXP_REPLACE",
            "REPEAT",
            "RIGHT",
            "RPAD",
            "RTRIM",
            "SPLIT_PART",
            "STRING_AGG",
            "STRPOS",
            "TO_CHAR");

    /**
     * The functions SQL may call: Calcite's standard table, {@link #POSTGRESQL_FUNCTIONS} (GREATEST and LEAST skip
     * NULLs there), REVERSE, ILIKE, MAX_BY and MIN_BY (Spark's, DuckDB's and Trino's names of ARG_MAX and ARG_MIN), REGEXP_EXTRACT and
     * REGEXP_SUBSTR ({@link RegexExtractFunction}), PostgreSQL's DATE_TRUNC ({@link DateTruncFunction}), GENERATE_SERIES
     * ({@link GenerateSeriesFunction}) and other dialects' spellings of
     * standard functions ({@link FunctionAliases}). What the engine cannot run of the standard's fails at planning with
     * 0A000; {@code DatabaseMetaData}'s function lists show what plans.
     */
    private static final SqlOperatorTable OPERATORS = SqlOperatorTables.chain(
            SqlStdOperatorTable.instance(),
            caseInsensitive(SqlOperatorTables.of(Stream.concat(
                            SqlLibraryOperatorTableFactory.INSTANCE
                                    .getOperatorTable(SqlLibrary.POSTGRESQL)
                                    .getOperatorList()
                                    .stream()
                                    .filter(operator -> POSTGRESQL_FUNCTIONS.contains(operator.getName())),
                            Stream.concat(
                                    Stream.of(
                                            SqlLibraryOperators.REVERSE,
                                            SqlLibraryOperators.TRANSLATE3,
                                            SqlLibraryOperators.ILIKE,
                                            SqlLibraryOperators.NOT_ILIKE,
                                            SqlLibraryOperators.INFIX_CAST,
                                            SqlLibraryOperators.MAX_BY,
                                            SqlLibraryOperators.MIN_BY,
                                            RegexExtractFunction.REGEXP_EXTRACT,
                                            RegexExtractFunction.REGEXP_SUBSTR,
                                            DateTruncFunction.INSTANCE,
                                            DateTimeParseFunctions.TO_DATE,
                                            DateTimeParseFunctions.TO_TIMESTAMP,
                                            GenerateSeriesFunction.INSTANCE,
                                            SessionValues.VERSION),
                                    FunctionAliases.ALL.stream()))
                    .toList())));

    /**
     * {@code table}, its functions found whatever the case of their names: the parser folds unquoted names to lower
     * case and the catalog matches names exactly, but the library tables hold upper-case names.
     */
    private static SqlOperatorTable caseInsensitive(SqlOperatorTable table) {
        return new SqlOperatorTable() {
            @Override
            public void lookupOperatorOverloads(
                    SqlIdentifier name,
                    SqlFunctionCategory category,
                    SqlSyntax syntax,
                    List<SqlOperator> operators,
                    SqlNameMatcher nameMatcher) {
                table.lookupOperatorOverloads(
                        name, category, syntax, operators, SqlNameMatchers.withCaseSensitive(false));
            }

            @Override
            public List<SqlOperator> getOperatorList() {
                return table.getOperatorList();
            }
        };
    }

    private final CalciteSchema rootSchema;
    /** Queries over tables that cannot change, compiled once per statement text. */
    private final CompiledQueryCache compiled;

    /** A compiler of queries over {@code connectors}, without system tables. */
    public QueryCompiler(List<Connector> connectors) {
        this(connectors, SystemTables.empty());
    }

    /**
     * A compiler of queries over {@code connectors} and {@code systemTables}; the plans of queries that
     * read system tables need a {@link io.aqueduct.core.system.SystemSnapshotSource} of those tables.
     */
    public QueryCompiler(List<Connector> connectors, SystemTables<?> systemTables) {
        this.rootSchema = CatalogSchemas.rootSchema(connectors, systemTables);
        Set<String> fixedCatalogs = connectors.stream()
                .filter(Connector::deterministicSplits)
                .map(Connector::name)
                .collect(Collectors.toUnmodifiableSet());
        this.compiled = new CompiledQueryCache(fixedCatalogs::contains);
    }

    /**
     * Tells the compiler that a catalog changed (a table or schema was created, dropped or written): queries
     * compiled before are compiled again.
     */
    public void catalogChanged() {
        compiled.invalidate();
    }

    /** How many compiled queries are kept for reuse, for tests. */
    long compiledQueriesKept() {
        return compiled.size();
    }

    /**
     * Compiles a statement: a query, or {@code EXPLAIN [PLAN FOR] query}, which compiles the query and
     * marks it to be explained rather than run. Names resolve against {@code catalog.schema} first,
     * then from the root.
     */
    public CompiledQuery compile(String sql, String catalog, String schema) {
        return compile(sql, catalog, schema, 0);
    }

    /**
     * Compiles a statement as {@link #compile(String, String, String)}, a query fetching at most {@code maxRows} rows
     * when that is positive ({@link MaxRowsLimit}); an EXPLAIN shows the query as written.
     */
    public CompiledQuery compile(String sql, String catalog, String schema, long maxRows) {
        requireNonNull(sql, "sql is null");
        ExplainPrefix explain = ExplainPrefix.of(sql);
        if (explain.present()) {
            return compileQuery(explain.statement(sql), catalog, schema, 0).toExplain(explainMode(explain));
        }
        return compileQuery(sql, catalog, schema, Math.max(0, maxRows));
    }

    private static CompiledQuery.ExplainMode explainMode(ExplainPrefix explain) {
        if (!explain.analyze()) {
            if (explain.json()) {
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED,
                        "EXPLAIN FORMAT JSON shows the plan that ran: use EXPLAIN ANALYZE FORMAT JSON");
            }
            return CompiledQuery.ExplainMode.PLAN;
        }
        if (explain.json()) {
            return CompiledQuery.ExplainMode.ANALYZE_JSON;
        }
        return explain.verbose() ? CompiledQuery.ExplainMode.ANALYZE_VERBOSE : CompiledQuery.ExplainMode.ANALYZE;
    }

    /**
     * The rows {@code insert} stores, as a query that writes them into {@code target}: its source's columns become
     * the table's (by the INSERT's column list, or in order), cast to the columns' types, NULL where the list leaves
     * a column out. Running it yields the rows and bytes written ({@link TableWriteNode#OUTPUT_TYPE}).
     */
    public CompiledQuery compileInsert(
            UpdateStatement.Insert insert, TableWriteTarget target, String sql, String catalog, String schema) {
        InsertInto into = new InsertInto(target, insert.columns());
        return compileNode(sql, typedParameters(insert.source(), into), catalog, schema, into);
    }

    /**
     * The source of an INSERT whose VALUES {@code ?} are cast to the column each goes into: Calcite infers no type for
     * a parameter in VALUES, the column gives it one.
     */
    private static SqlNode typedParameters(SqlNode source, InsertInto insert) {
        if (source.getKind() != SqlKind.VALUES) {
            return source;
        }
        RowType columns = insert.target().columns();
        List<String> targetNames = insert.columns().orElse(columns.names());
        RelDataTypeFactory typeFactory = new AqueductTypeFactory();
        for (SqlNode row : ((SqlCall) source).getOperandList()) {
            if (!(row instanceof SqlCall call) || call.getKind() != SqlKind.ROW) {
                continue;
            }
            for (int i = 0; i < call.operandCount() && i < targetNames.size(); i++) {
                SqlNode value = call.operand(i);
                int column = columns.names().indexOf(targetNames.get(i));
                if (value instanceof SqlDynamicParam && column >= 0) {
                    RelDataType type = TypeConverter.toRelDataType(columns.type(column), typeFactory);
                    call.setOperand(
                            i,
                            SqlStdOperatorTable.CAST.createCall(
                                    value.getParserPosition(), value, SqlTypeUtil.convertTypeToSpec(type)));
                }
            }
        }
        return source;
    }

    /** The query of a CREATE TABLE AS, compiled to learn its columns: the new table's. */
    public RowType queryColumns(SqlNode query, String catalog, String schema) {
        return compileNode(query.toString(), query, catalog, schema, null).resultType();
    }

    private record InsertInto(TableWriteTarget target, Optional<List<String>> columns) {}

    private CompiledQuery compileQuery(String sql, String catalog, String schema, long maxRows) {
        return compiled.get(
                sql,
                catalog,
                schema,
                maxRows,
                () -> compileNode(sql, MaxRowsLimit.apply(parse(sql), maxRows), catalog, schema, null));
    }

    private CompiledQuery compileNode(String sql, SqlNode parsed, String catalog, String schema, InsertInto insert) {
        RelDataTypeFactory typeFactory = new AqueductTypeFactory();
        CalciteCatalogReader catalogReader = catalogReader(catalog, schema, typeFactory);
        SqlValidator validator = new AqueductValidator(
                OPERATORS,
                catalogReader,
                typeFactory,
                SqlValidator.Config.DEFAULT
                        .withConformance(SqlConformanceEnum.LENIENT)
                        .withDefaultNullCollation(NullCollation.LAST)
                        .withIdentifierExpansion(true)
                        .withTypeCoercionRules(CastRules.INSTANCE)
                        .withTypeCoercionFactory(AqueductCoercion::new));
        SqlNode validated = validate(validator, parsed);

        RexBuilder rexBuilder = new RexBuilder(typeFactory);
        RelOptCluster cluster = RelOptCluster.create(new HepPlanner(SUBQUERY_REMOVAL), rexBuilder);
        // The *_REDUCE_EXPRESSIONS rules find constant expressions but compute them only with the executor of the
        // cluster's planner; without one they leave DATE '1998-12-01' - INTERVAL '90' DAY to be computed per row.
        cluster.getPlanner().setExecutor(EngineRexExecutor.INSTANCE);
        cluster.setMetadataProvider(StatisticsMetadata.PROVIDER);
        cluster.setMetadataQuerySupplier(StatisticsMetadata::query);
        SqlToRelConverter converter = new SqlToRelConverter(
                (rowType, queryString, schemaPath, viewPath) -> {
                    throw new AqueductException(ErrorCode.NOT_SUPPORTED, "Views are not supported");
                },
                validator,
                catalogReader,
                cluster,
                AqueductConvertlets.INSTANCE,
                SqlToRelConverter.config()
                        .withTrimUnusedFields(true)
                        .withExpand(false)
                        .withInSubQueryThreshold(Integer.MAX_VALUE));
        RelRoot root = converter.convertQuery(validated, false, true);
        RelNode rows =
                insert == null ? IntervalResults.asText(root.project()) : castToTable(root.project(), insert, cluster);
        RelNode logical = optimize(rows, converter, cluster);
        List<DataType> parameterTypes = TypeConverter.toRowType(validator.getParameterRowType(validated))
                .types();
        CompiledQuery query = insert == null
                ? new CompiledQuery(
                        sql,
                        logical,
                        rexBuilder,
                        TypeConverter.toRowType(IntervalResults.resultType(root.validatedRowType, typeFactory)),
                        validator.getFieldOrigins(validated).stream()
                                .map(ColumnOrigin::of)
                                .toList(),
                        parameterTypes,
                        CompiledQuery.ExplainMode.NONE)
                : CompiledQuery.writing(sql, logical, rexBuilder, parameterTypes, insert.target());
        if (parameterTypes.isEmpty()) {
            // What the engine cannot run fails at prepare time, not at execute.
            query.plan(List.of(), SystemSnapshotSource.EMPTY, StatementTime.nowInUtc());
        }
        return query;
    }

    /** The table's columns, in order, from {@code rows}: cast to their types, NULL where the INSERT leaves one out. */
    private static RelNode castToTable(RelNode rows, InsertInto insert, RelOptCluster cluster) {
        RowType columns = insert.target().columns();
        List<String> targetNames = insert.columns().orElse(columns.names());
        String table = insert.target().catalog() + "." + insert.target().schema() + "."
                + insert.target().table();
        int produced = rows.getRowType().getFieldCount();
        if (targetNames.size() != produced) {
            throw new AqueductException(
                    ErrorCode.INVALID_QUERY,
                    "INSERT into " + table + " names " + targetNames.size() + " columns but its rows have " + produced);
        }
        for (String name : targetNames) {
            if (!columns.names().contains(name)) {
                throw new AqueductException(ErrorCode.COLUMN_NOT_FOUND, "Table " + table + " has no column " + name);
            }
            if (targetNames.indexOf(name) != targetNames.lastIndexOf(name)) {
                throw new AqueductException(ErrorCode.INVALID_QUERY, "INSERT names column " + name + " twice");
            }
        }
        RexBuilder rexBuilder = cluster.getRexBuilder();
        List<RexNode> values = new ArrayList<>();
        for (int column = 0; column < columns.size(); column++) {
            RelDataType type = TypeConverter.toRelDataType(columns.type(column), rexBuilder.getTypeFactory());
            int source = targetNames.indexOf(columns.names().get(column));
            values.add(
                    source < 0
                            ? rexBuilder.makeNullLiteral(type)
                            : rexBuilder.makeCast(type, rexBuilder.makeInputRef(rows, source), true, false));
        }
        return RelBuilder.proto(org.apache.calcite.plan.Contexts.empty())
                .create(cluster, null)
                .push(rows)
                .project(values, columns.names(), true)
                .build();
    }

    private RelNode optimize(RelNode rel, SqlToRelConverter converter, RelOptCluster cluster) {
        RelNode withoutSubqueries = LateralJoins.forDecorrelation(
                run(SUBQUERY_REMOVAL, ValuesLiterals.ofTheirColumnTypes(rel, cluster.getRexBuilder())));
        CorrelatedOrderedComputations.check(withoutSubqueries);
        GroupedCorrelations.check(withoutSubqueries);
        RelBuilder relBuilder =
                RelBuilder.proto(org.apache.calcite.plan.Contexts.empty()).create(cluster, null);
        RelNode decorrelated =
                RelDecorrelator.decorrelateQuery(ExistsToSemiJoins.rewrite(withoutSubqueries, relBuilder), relBuilder);
        RelNode trimmed = trimUnusedFields(converter, run(REWRITES, decorrelated));
        RelNode optimized = run(LOGICAL_OPTIMIZATION, run(DISJUNCTION_EXPANSION, run(LOGICAL_OPTIMIZATION, trimmed)));
        RelNode ordered = run(SEMI_JOINS, run(LOGICAL_OPTIMIZATION, run(JOIN_ORDERING, optimized)));
        // Trimming last puts a projection right on top of each scan, which the scan then absorbs.
        return run(SCAN_PRUNING, trimUnusedFields(converter, ordered));
    }

    /**
     * {@code rel} without the columns nothing reads, or {@code rel} itself where Calcite's trimmer fails: it does on a
     * window partitioned or ordered by a constant ({@code OVER (PARTITION BY NULL)}, "Expected identity mapping"). The
     * untrimmed plan computes the same rows.
     */
    private static RelNode trimUnusedFields(SqlToRelConverter converter, RelNode rel) {
        try {
            return converter.trimUnusedFields(false, rel);
        } catch (IllegalArgumentException e) {
            return rel;
        }
    }

    private static RelNode run(HepProgram program, RelNode rel) {
        HepPlanner planner = new HepPlanner(program);
        planner.setRoot(rel);
        return planner.findBestExp();
    }

    /**
     * Calcite's grammar with the DDL of the memory catalog ({@code src/main/codegen}), except that the reserved words {@code system} and {@code value} also serve as
     * names where a name is expected: {@code system.sys.settings}, {@code SELECT name, value ...}.
     */
    private static SqlAbstractParserImpl parser(Reader reader) {
        AqueductSqlParserImpl parser = (AqueductSqlParserImpl) AqueductSqlParserImpl.FACTORY.getParser(reader);
        parser.token_source = new KeywordNames(parser.token_source);
        return parser;
    }

    /**
     * Hands the parser {@code SYSTEM} as a name when a dot follows it, and {@code VALUE} as a name
     * unless it follows {@code NEXT}, {@code CURRENT} or {@code JSON} or an opening parenthesis
     * follows it ({@code VALUE (1, 2)}, a synonym of {@code VALUES}). The one remaining keyword use,
     * {@code JSON_OBJECT(KEY k VALUE v)}, needs its {@code k: v} form. Token positions are unchanged,
     * so error positions stay those of the text.
     */
    private static final class KeywordNames extends AqueductSqlParserImplTokenManager {
        private final AqueductSqlParserImplTokenManager tokens;
        private Token ahead;
        private int previousKind = AqueductSqlParserImplConstants.EOF;

        KeywordNames(AqueductSqlParserImplTokenManager tokens) {
            super(null);
            this.tokens = tokens;
        }

        @Override
        public void SwitchTo(int lexicalState) {
            tokens.SwitchTo(lexicalState);
        }

        @Override
        public Token getNextToken() {
            Token token = ahead != null ? ahead : tokens.getNextToken();
            ahead = null;
            if (token.kind == AqueductSqlParserImplConstants.SYSTEM
                    || token.kind == AqueductSqlParserImplConstants.VALUE) {
                ahead = tokens.getNextToken();
                if (isName(token.kind, ahead.kind)) {
                    token.kind = AqueductSqlParserImplConstants.IDENTIFIER;
                }
            }
            previousKind = token.kind;
            return token;
        }

        private boolean isName(int kind, int nextKind) {
            if (kind == AqueductSqlParserImplConstants.SYSTEM) {
                return nextKind == AqueductSqlParserImplConstants.DOT;
            }
            return nextKind != AqueductSqlParserImplConstants.LPAREN
                    && previousKind != AqueductSqlParserImplConstants.NEXT
                    && previousKind != AqueductSqlParserImplConstants.CURRENT
                    && previousKind != AqueductSqlParserImplConstants.JSON;
        }
    }

    private static SqlNode parse(String sql) {
        try {
            SqlNode parsed = SqlParser.create(sql, PARSER_CONFIG).parseQuery();
            TableFunctionPlacement.check(sql, parsed);
            SqlNode resolved = ModeCalls.resolve(
                    sql,
                    PercentileCalls.resolve(
                            sql,
                            JdbcEscapeFunctions.resolve(
                                    sql, DayOfWeekExtracts.resolve(sql, ExtractFieldNames.resolve(sql, parsed)))));
            // Selected calls are named before the windowed variances become other calls.
            SqlNode named = ResultColumnNames.resolve(LongDecimalLiterals.resolve(
                    NullAggregateArguments.resolve(sql, CovarianceCalls.resolve(sql, resolved))));
            return UnorderedRanks.resolve(
                    sql, WindowReferences.resolve(WindowedVariances.resolve(sql, WindowFilters.resolve(sql, named))));
        } catch (SqlParseException e) {
            throw SqlErrors.syntaxError(e);
        }
    }

    private static SqlNode validate(SqlValidator validator, SqlNode node) {
        try {
            return validator.validate(node);
        } catch (CalciteContextException e) {
            throw SqlErrors.validationError(e);
        }
    }

    private CalciteCatalogReader catalogReader(String catalog, String schema, RelDataTypeFactory typeFactory) {
        Properties properties = new Properties();
        properties.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
        return new CalciteCatalogReader(
                rootSchema, List.of(catalog, schema), typeFactory, new CalciteConnectionConfigImpl(properties));
    }
}
