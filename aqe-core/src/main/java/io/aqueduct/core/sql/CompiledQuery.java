package io.aqueduct.core.sql;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateFunction;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.system.SystemSnapshotSource;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.SqlExplainLevel;

/**
 * A query compiled and optimized once, ready to run any number of times: the column names and types
 * the client sees, the types of its {@code ?} parameters, and the physical plan for given parameter
 * values.
 */
public final class CompiledQuery {
    private final String sql;
    private final RelNode logical;
    private final RexBuilder rexBuilder;
    private final RowType resultType;
    private final List<ColumnOrigin> resultOrigins;
    private final RowType queryResultType;
    private final List<DataType> parameterTypes;
    private final ExplainMode explain;
    private final boolean readsSystemTables;
    /** The table the query's rows are written into, if it is an INSERT's. */
    private final TableWriteTarget writeTarget;

    private PlanNode planWithoutParameters;

    CompiledQuery(
            String sql,
            RelNode logical,
            RexBuilder rexBuilder,
            RowType resultType,
            List<ColumnOrigin> resultOrigins,
            List<DataType> parameterTypes,
            ExplainMode explain) {
        this(sql, logical, rexBuilder, resultType, resultOrigins, parameterTypes, explain, null);
    }

    private CompiledQuery(
            String sql,
            RelNode logical,
            RexBuilder rexBuilder,
            RowType resultType,
            List<ColumnOrigin> resultOrigins,
            List<DataType> parameterTypes,
            ExplainMode explain,
            TableWriteTarget writeTarget) {
        this.sql = sql;
        this.resultOrigins = List.copyOf(resultOrigins);
        this.logical = logical;
        this.rexBuilder = rexBuilder;
        this.resultType = resultType;
        this.queryResultType = writeTarget == null ? TypeConverter.toRowType(logical.getRowType()) : resultType;
        this.parameterTypes = List.copyOf(parameterTypes);
        this.explain = explain;
        this.readsSystemTables = readsSystemTables(logical);
        this.writeTarget = writeTarget;
    }

    /**
     * A query that writes the rows of {@code logical} into {@code target} and yields one row: the rows and bytes
     * written ({@link TableWriteNode#OUTPUT_TYPE}).
     */
    static CompiledQuery writing(
            String sql,
            RelNode logical,
            RexBuilder rexBuilder,
            List<DataType> parameterTypes,
            TableWriteTarget target) {
        return new CompiledQuery(
                sql,
                logical,
                rexBuilder,
                TableWriteNode.OUTPUT_TYPE,
                Collections.nCopies(TableWriteNode.OUTPUT_TYPE.size(), ColumnOrigin.COMPUTED),
                parameterTypes,
                ExplainMode.NONE,
                target);
    }

    /** The table this query writes into, if it is an INSERT's. */
    public Optional<TableWriteTarget> writeTarget() {
        return Optional.ofNullable(writeTarget);
    }

    /** What EXPLAIN asked for, if the statement was one. */
    public enum ExplainMode {
        NONE,
        /** The plan before execution. */
        PLAN,
        /** Run the query, then show the plan that ran. */
        ANALYZE,
        /** ANALYZE with every task's values. */
        ANALYZE_VERBOSE,
        /** ANALYZE as one JSON document. */
        ANALYZE_JSON;

        public boolean analyze() {
            return this == ANALYZE || this == ANALYZE_VERBOSE || this == ANALYZE_JSON;
        }
    }

    /** The same query, to be explained: one VARCHAR column {@code PLAN}. */
    CompiledQuery toExplain(ExplainMode mode) {
        RowType planText = new RowType(List.of("PLAN"), List.of(DataType.VARCHAR));
        return new CompiledQuery(
                sql, logical, rexBuilder, planText, List.of(ColumnOrigin.COMPUTED), parameterTypes, mode);
    }

    /** Whether and how the statement was EXPLAIN; unless NONE, {@link #resultType()} is the plan text's. */
    public ExplainMode explainMode() {
        return explain;
    }

    /** The rows and types the query itself produces, also when it is to be explained. */
    public RowType queryResultType() {
        return queryResultType;
    }

    public String sql() {
        return sql;
    }

    public RowType resultType() {
        return resultType;
    }

    /**
     * Whether each column of {@link #resultType()} may hold NULL: as Calcite derived it from the tables' columns for a
     * query; nullable for a plan text or a write's counts.
     */
    public List<Boolean> resultNullable() {
        if (explain != ExplainMode.NONE || writeTarget != null) {
            return Collections.nCopies(resultType.size(), true);
        }
        return logical.getRowType().getFieldList().stream()
                .map(field -> field.getType().isNullable())
                .toList();
    }

    /** The table each column of {@link #resultType()} reads as it is, {@link ColumnOrigin#COMPUTED} for the others. */
    public List<ColumnOrigin> resultOrigins() {
        return resultOrigins;
    }

    public List<DataType> parameterTypes() {
        return parameterTypes;
    }

    /** Whether the query reads a system table, whose plan then holds a snapshot of its rows. */
    public boolean readsSystemTables() {
        return readsSystemTables;
    }

    /**
     * The single-node physical plan with {@code parameterValues} bound to the parameters, in order;
     * values may be numbers, strings, booleans, or epoch days / ISO strings for dates. A query over
     * system tables needs {@link #plan(List, SystemSnapshotSource, StatementTime)}; CURRENT_TIMESTAMP and
     * its kin read the time now, in UTC.
     */
    public PlanNode plan(List<?> parameterValues) {
        return plan(parameterValues, SystemSnapshotSource.NONE, StatementTime.nowInUtc());
    }

    /** As {@link #plan(List, SystemSnapshotSource, StatementTime)} with the time now in UTC. */
    public PlanNode plan(List<?> parameterValues, SystemSnapshotSource systemTables) {
        return plan(parameterValues, systemTables, StatementTime.nowInUtc());
    }

    /**
     * The plan for one execution: as {@link #plan(List)}, with each system table the query reads
     * replaced by the rows {@code systemTables} gives for it now, and CURRENT_TIMESTAMP, CURRENT_DATE and
     * their kin the values of {@code time}. Plans of queries over system tables or reading the time are
     * built anew on every call; others are kept when there are no parameters.
     */
    public PlanNode plan(List<?> parameterValues, SystemSnapshotSource systemTables, StatementTime time) {
        return plan(parameterValues, systemTables, time, SessionValues.NONE);
    }

    /**
     * As {@link #plan(List, SystemSnapshotSource, StatementTime)}, with CURRENT_USER, CURRENT_CATALOG, CURRENT_SCHEMA and
     * their kin the values of {@code session}.
     */
    public PlanNode plan(
            List<?> parameterValues, SystemSnapshotSource systemTables, StatementTime time, SessionValues session) {
        requireNonNull(systemTables, "systemTables is null");
        requireNonNull(time, "time is null");
        requireNonNull(session, "session is null");
        if (parameterValues.size() != parameterTypes.size()) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT,
                    "The statement has " + parameterTypes.size() + " parameters but " + parameterValues.size()
                            + " values were bound");
        }
        if (parameterTypes.isEmpty() && !readsSystemTables) {
            synchronized (this) {
                if (planWithoutParameters != null) {
                    return planWithoutParameters;
                }
                RexToExpression expressions = new RexToExpression(rexBuilder, ParameterBinder.NONE, time, session);
                PlanNode plan = convert(expressions, systemTables);
                if (!expressions.readsExecutionValues()) {
                    planWithoutParameters = plan;
                }
                return plan;
            }
        }
        ParameterBinder parameters = new ParameterBinder(parameterTypes, parameterValues);
        return convert(new RexToExpression(rexBuilder, parameters, time, session), systemTables);
    }

    /** One conversion at a time: a compiled query is shared by executions, and Calcite's metadata query is not. */
    private synchronized PlanNode convert(RexToExpression expressions, SystemSnapshotSource systemTables) {
        PlanNode rows = new RelToPlanConverter(expressions, systemTables).convert(logical);
        if (writeTarget == null) {
            return rows;
        }
        // Each task writes what it produces; one sum of their counts is the statement's.
        TableWriteNode write = new TableWriteNode(
                writeTarget.catalog(),
                writeTarget.schema(),
                writeTarget.table(),
                writeTarget.columns(),
                writeTarget.nullable(),
                rows);
        return new AggregateNode(
                write,
                List.of(),
                List.of(
                        new AggregateCall(AggregateFunction.SUM0, List.of(0), DataType.BIGINT),
                        new AggregateCall(AggregateFunction.SUM0, List.of(1), DataType.BIGINT)),
                TableWriteNode.OUTPUT_TYPE);
    }

    private static boolean readsSystemTables(RelNode rel) {
        if (rel instanceof TableScan scan) {
            ConnectorTable table = scan.getTable().unwrap(ConnectorTable.class);
            return table != null && table.isSystem();
        }
        return rel.getInputs().stream().anyMatch(CompiledQuery::readsSystemTables);
    }

    /** The optimized logical plan, for the optimizer's tests and the tables the compile cache looks at. */
    RelNode logical() {
        return logical;
    }

    /** The optimized logical plan as Calcite renders it. */
    public String logicalPlan() {
        return RelOptUtil.toString(logical, SqlExplainLevel.NON_COST_ATTRIBUTES);
    }
}
