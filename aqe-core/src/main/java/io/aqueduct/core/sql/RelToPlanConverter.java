package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateFunction;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemSnapshotSource;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.core.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.ImmutableIntList;

/**
 * Translates an optimized Calcite plan into the engine's single-node physical plan. Scans of system
 * tables become the rows of a snapshot taken now from {@code systemTables}.
 */
final class RelToPlanConverter {
    private final RexToExpression rexConverter;
    private final SystemSnapshotSource systemTables;

    RelToPlanConverter(RexToExpression rexConverter, SystemSnapshotSource systemTables) {
        this.rexConverter = rexConverter;
        this.systemTables = systemTables;
    }

    PlanNode convert(RelNode rel) {
        if (rel instanceof TableScan scan) {
            return scan(scan, Optional.empty());
        }
        if (rel instanceof Filter filter) {
            PlanNode source = filter.getInput() instanceof TableScan scan
                    ? scan(scan, queryId(filter.getCondition(), scan))
                    : convert(filter.getInput());
            if (source instanceof TableScanNode scanNode) {
                source = scanNode.withConstraints(ScanConstraints.of(filter, scanNode.outputType()));
            }
            // (a AND x) OR (a AND y) becomes a AND (x OR y): a is evaluated once (TPC-H Q19's lineitem filter).
            RexNode condition = RexUtil.pullFactors(filter.getCluster().getRexBuilder(), filter.getCondition());
            return new FilterNode(source, rexConverter.convert(condition));
        }
        if (rel instanceof Project project) {
            return new ProjectNode(
                    convert(project.getInput()),
                    rexConverter.convert(project.getProjects()),
                    TypeConverter.toRowType(project.getRowType()));
        }
        if (rel instanceof Aggregate aggregate) {
            return aggregate(aggregate);
        }
        if (rel instanceof Sort sort) {
            return sort(sort);
        }
        if (rel instanceof Values values) {
            return values(values);
        }
        if (rel instanceof Join join) {
            return join(join);
        }
        if (rel instanceof Window window) {
            return WindowConverter.convert(window, convert(window.getInput()));
        }
        if (rel instanceof TableFunctionScan scan && GenerateSeriesConverter.isSeries(scan)) {
            return GenerateSeriesConverter.convert(scan, rexConverter);
        }
        if (rel instanceof Union union && union.all) {
            List<PlanNode> inputs =
                    union.getInputs().stream().map(this::convert).toList();
            return new UnionNode(inputs, TypeConverter.toRowType(union.getRowType()));
        }
        throw new AqueductException(
                ErrorCode.NOT_SUPPORTED, "Operation " + rel.getRelTypeName() + " is not supported yet");
    }

    /** {@code queryId} is the value a system table's {@code query_id} column is filtered on, if any. */
    private PlanNode scan(TableScan scan, Optional<String> queryId) {
        ConnectorTable table = scan.getTable().unwrapOrThrow(ConnectorTable.class);
        RowType columns = table.columns();
        List<Integer> projected = scan instanceof Bindables.BindableTableScan bindable
                ? bindable.projects
                : ImmutableIntList.identity(columns.size());
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (int field : projected) {
            names.add(columns.names().get(field));
            types.add(columns.type(field));
        }
        RowType outputType = new RowType(names, types);
        if (table.isSystem()) {
            return systemRows(table, projected, outputType, queryId);
        }
        return new TableScanNode(table.catalog(), table.schema(), table.name(), outputType);
    }

    /** A snapshot of a system table, reduced to the scanned columns. */
    private ValuesNode systemRows(
            ConnectorTable table, List<Integer> projected, RowType outputType, Optional<String> queryId) {
        List<List<Object>> snapshot =
                systemTables.rows(new SystemScan(table.name(), queryId, java.util.Set.copyOf(outputType.names())));
        List<List<Literal>> rows = new ArrayList<>(snapshot.size());
        for (List<Object> row : snapshot) {
            if (row.size() != table.columns().size()) {
                throw new AqueductException(
                        ErrorCode.INTERNAL_ERROR,
                        "System table sys." + table.name() + " returned a row of " + row.size() + " values for "
                                + table.columns().size() + " columns");
            }
            List<Literal> literals = new ArrayList<>(projected.size());
            for (int i = 0; i < projected.size(); i++) {
                literals.add(
                        systemValue(table, outputType.names().get(i), row.get(projected.get(i)), outputType.type(i)));
            }
            rows.add(literals);
        }
        return new ValuesNode(outputType, rows);
    }

    private static Literal systemValue(ConnectorTable table, String column, Object value, DataType type) {
        boolean valid = value == null
                || switch (type.kind()) {
                    case VARCHAR -> value instanceof String;
                    case BOOLEAN -> value instanceof Boolean;
                    case INTEGER, BIGINT, DATE -> value instanceof Long || value instanceof Integer;
                    case DOUBLE -> value instanceof Number;
                    default -> false;
                };
        if (!valid) {
            throw new AqueductException(
                    ErrorCode.INTERNAL_ERROR,
                    "System table sys." + table.name() + " returned "
                            + value.getClass().getSimpleName() + " " + value + " for " + type + " column " + column);
        }
        return new Literal(value, type);
    }

    /**
     * The value of a system table's {@code query_id} column that {@code condition} requires: one of
     * its conjuncts is {@code query_id = <literal or parameter>} (either way round).
     */
    private Optional<String> queryId(RexNode condition, TableScan scan) {
        ConnectorTable table = scan.getTable().unwrap(ConnectorTable.class);
        if (table == null || !table.isSystem()) {
            return Optional.empty();
        }
        int column = scan.getRowType().getFieldNames().indexOf(SystemTables.QUERY_ID_COLUMN);
        if (column < 0
                || !SqlTypeUtil.inCharFamily(
                        scan.getRowType().getFieldList().get(column).getType())) {
            return Optional.empty();
        }
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            if (conjunct.getKind() == SqlKind.EQUALS) {
                List<RexNode> operands = ((RexCall) conjunct).getOperands();
                Optional<String> value = isField(operands.get(0), column)
                        ? constantText(operands.get(1))
                        : isField(operands.get(1), column) ? constantText(operands.get(0)) : Optional.empty();
                if (value.isPresent()) {
                    return value;
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isField(RexNode node, int field) {
        return node instanceof RexInputRef ref && ref.getIndex() == field;
    }

    /** The text of a literal or bound parameter, looking through casts between character types. */
    private Optional<String> constantText(RexNode node) {
        RexNode operand = node;
        while (operand.getKind() == SqlKind.CAST
                && SqlTypeUtil.inCharFamily(
                        ((RexCall) operand).getOperands().get(0).getType())) {
            operand = ((RexCall) operand).getOperands().get(0);
        }
        if (!(operand instanceof RexLiteral || operand instanceof RexDynamicParam)
                || !SqlTypeUtil.inCharFamily(operand.getType())) {
            return Optional.empty();
        }
        Expression value = rexConverter.convert(operand);
        return value instanceof Literal literal && literal.value() instanceof String text
                ? Optional.of(text)
                : Optional.empty();
    }

    /**
     * AVG executes as SUM and COUNT followed by a division in DOUBLE, so that its partial form is two
     * plain aggregates that merge like any other.
     */
    private PlanNode aggregate(Aggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    "GROUPING SETS, ROLLUP and CUBE with GROUP_ID or GROUPING_ID are not supported");
        }
        AggregateFilters.Masked masked =
                AggregateFilters.apply(convert(aggregate.getInput()), aggregate.getAggCallList());
        PlanNode source = masked.source();
        List<Integer> groupKeys = aggregate.getGroupSet().asList();
        RowType outputType = TypeConverter.toRowType(aggregate.getRowType());

        List<AggregateCall> calls = new ArrayList<>();
        List<Expression> projections = new ArrayList<>();
        boolean needsProjection = false;
        for (int i = 0; i < groupKeys.size(); i++) {
            projections.add(new InputReference(i, outputType.type(i)));
        }
        for (org.apache.calcite.rel.core.AggregateCall call : masked.calls()) {
            SqlKind kind = call.getAggregation().getKind();
            boolean ordered = kind == SqlKind.PERCENTILE_CONT
                    || kind == SqlKind.PERCENTILE_DISC
                    || kind == SqlKind.LISTAGG
                    || kind == SqlKind.STRING_AGG;
            if (call.isDistinct()
                    || !ordered && !call.collation.getFieldCollations().isEmpty()) {
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED,
                        call.getAggregation().getName()
                                + " with DISTINCT or an ORDER BY within the group is not supported here");
            }
            DataType type = TypeConverter.toDataType(call.getType());
            int outputField = groupKeys.size() + calls.size();
            switch (call.getAggregation().getKind()) {
                case PERCENTILE_CONT, PERCENTILE_DISC -> {
                    calls.add(percentileCall(call, type));
                    projections.add(new InputReference(outputField, type));
                }
                case LITERAL_AGG -> {
                    needsProjection = true;
                    projections.add(RexToExpression.literal((RexLiteral) call.rexList.get(0)));
                }
                case GROUPING -> {
                    // Without grouping sets every argument is a group key of every row: GROUPING is 0.
                    needsProjection = true;
                    projections.add(new Literal(0L, type));
                }
                case AVG -> {
                    needsProjection = true;
                    DataType argumentType =
                            source.outputType().type(call.getArgList().get(0));
                    calls.add(new AggregateCall(AggregateFunction.SUM, call.getArgList(), sumType(argumentType)));
                    calls.add(new AggregateCall(AggregateFunction.COUNT, call.getArgList(), DataType.BIGINT));
                    Expression sum = toDouble(new InputReference(outputField, sumType(argumentType)));
                    Expression count = toDouble(new InputReference(outputField + 1, DataType.BIGINT));
                    projections.add(new Call(Function.DIVIDE, List.of(sum, count), DataType.DOUBLE));
                }
                default -> {
                    calls.add(new AggregateCall(function(call), call.getArgList(), type, sortKeys(call.collation)));
                    projections.add(new InputReference(outputField, type));
                }
            }
        }
        if (!needsProjection) {
            return new AggregateNode(source, groupKeys, calls, outputType);
        }
        List<String> names = new ArrayList<>(outputType.names().subList(0, groupKeys.size()));
        List<DataType> types = new ArrayList<>(outputType.types().subList(0, groupKeys.size()));
        for (int i = 0; i < calls.size(); i++) {
            names.add("$a" + i);
            types.add(calls.get(i).type());
        }
        AggregateNode node = new AggregateNode(source, groupKeys, calls, new RowType(names, types));
        return new ProjectNode(node, projections, outputType);
    }

    /**
     * PERCENTILE_CONT's or PERCENTILE_DISC's engine call: the ORDER BY column and the fraction's constant column. A
     * continuous percentile's value is DOUBLE and ascending already ({@link PercentileCalls}); a discrete one keeps its
     * value's type, and its order's direction goes with the call.
     */
    private static AggregateCall percentileCall(org.apache.calcite.rel.core.AggregateCall call, DataType type) {
        boolean discrete = call.getAggregation().getKind() == SqlKind.PERCENTILE_DISC;
        String name = call.getAggregation().getName();
        List<RelFieldCollation> order = call.collation.getFieldCollations();
        if (order.size() != 1 || call.getArgList().size() != 1 || !discrete && type.kind() != TypeKind.DOUBLE) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    name + " is supported with a constant fraction and one ORDER BY value, not as " + call);
        }
        return new AggregateCall(
                discrete ? AggregateFunction.PERCENTILE_DISC : AggregateFunction.PERCENTILE_CONT,
                List.of(order.get(0).getFieldIndex(), call.getArgList().get(0)),
                type,
                sortKeys(call.collation));
    }

    private static DataType sumType(DataType argumentType) {
        return switch (argumentType.kind()) {
            case INTEGER, BIGINT -> DataType.BIGINT;
            case DECIMAL -> DataType.decimal(DataType.MAX_DECIMAL_PRECISION, argumentType.scale());
            default -> DataType.DOUBLE;
        };
    }

    private static Expression toDouble(Expression expression) {
        return new Call(Function.CAST, List.of(expression), DataType.DOUBLE);
    }

    private static AggregateFunction function(org.apache.calcite.rel.core.AggregateCall call) {
        return switch (call.getAggregation().getKind()) {
            case COUNT, REGR_COUNT -> AggregateFunction.COUNT;
            case SUM -> AggregateFunction.SUM;
            case SUM0 -> AggregateFunction.SUM0;
            case MIN -> AggregateFunction.MIN;
            case MAX -> AggregateFunction.MAX;
            case SINGLE_VALUE -> AggregateFunction.SINGLE_VALUE;
            case ANY_VALUE -> AggregateFunction.ANY_VALUE;
            case ARG_MAX -> AggregateFunction.ARG_MAX;
            case ARG_MIN -> AggregateFunction.ARG_MIN;
            case BIT_AND -> AggregateFunction.BIT_AND;
            case BIT_OR -> AggregateFunction.BIT_OR;
            case BIT_XOR -> AggregateFunction.BIT_XOR;
            case LISTAGG, STRING_AGG -> AggregateFunction.STRING_AGG;
            case MODE -> AggregateFunction.MODE;
            default ->
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED,
                        "Aggregate function " + call.getAggregation().getName() + " is not supported yet");
        };
    }

    private PlanNode sort(Sort sort) {
        PlanNode source = convert(sort.getInput());
        long offset = sort.offset == null ? 0 : rowCount(sort.offset, "OFFSET", 0);
        long fetch = sort.fetch == null ? -1 : rowCount(sort.fetch, "LIMIT", -1);
        List<SortKey> keys = sortKeys(sort.getCollation());
        if (keys.isEmpty()) {
            return new LimitNode(source, offset, fetch < 0 ? Long.MAX_VALUE : fetch);
        }
        if (fetch < 0) {
            PlanNode sorted = new SortNode(source, keys);
            return offset == 0 ? sorted : new LimitNode(sorted, offset, Long.MAX_VALUE);
        }
        PlanNode topN = new TopNNode(source, keys, saturatedAdd(offset, fetch));
        return offset == 0 ? topN : new LimitNode(topN, offset, fetch);
    }

    private static List<SortKey> sortKeys(RelCollation collation) {
        List<SortKey> keys = new ArrayList<>();
        for (RelFieldCollation field : collation.getFieldCollations()) {
            keys.add(new SortKey(
                    field.getFieldIndex(),
                    field.direction.isDescending(),
                    field.nullDirection == RelFieldCollation.NullDirection.FIRST));
        }
        return keys;
    }

    /**
     * The right input is the build side. Calcite's join ordering puts the smaller input there; an
     * inner join whose left input is estimated smaller is swapped, with a projection restoring the
     * column order. A semi or anti join whose left (outer) input is estimated smaller becomes a
     * RIGHT_SEMI or RIGHT_ANTI join built on that input, so that the larger input streams through
     * (TPC-H Q4, Q21, Q22 test a few orders or customers against all of lineitem or orders).
     */
    private PlanNode join(Join join) {
        JoinType type = joinType(join.getJoinType());
        RelMetadataQuery metadata = join.getCluster().getMetadataQuery();
        double leftRows = rows(metadata, join.getLeft());
        double rightRows = rows(metadata, join.getRight());
        if (leftRows < rightRows) {
            switch (type) {
                case INNER -> {
                    return restoringOrder(join, swapped(join, JoinType.INNER, metadata));
                }
                case SEMI -> {
                    return swapped(join, JoinType.RIGHT_SEMI, metadata);
                }
                case ANTI -> {
                    return swapped(join, JoinType.RIGHT_ANTI, metadata);
                }
                default -> {
                    // Outer joins keep their sides.
                }
            }
        }
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        RexNode rest = RelOptUtil.splitJoinCondition(
                join.getLeft(), join.getRight(), commonFactorsPulledOut(join), leftKeys, rightKeys, filterNulls);
        Expression residual = rest.isAlwaysTrue() ? null : rexConverter.convert(rest);
        List<Boolean> nullSafe =
                filterNulls.stream().map(excludesNulls -> !excludesNulls).toList();
        return new JoinNode(
                convert(join.getLeft()),
                convert(join.getRight()),
                type,
                leftKeys,
                rightKeys,
                nullSafe,
                residual,
                TypeConverter.toRowType(join.getRowType()),
                estimatedBytes(rightRows, join.getRight()),
                JoinDistribution.UNDECIDED);
    }

    /** The join with its inputs exchanged: the left input is the build side. */
    private JoinNode swapped(Join join, JoinType swappedType, RelMetadataQuery metadata) {
        RelNode left = join.getLeft();
        RelNode right = join.getRight();
        int leftCount = left.getRowType().getFieldCount();
        int rightCount = right.getRowType().getFieldCount();
        // The condition's field references move: left fields shift right, right fields shift left.
        int[] adjustments = new int[leftCount + rightCount];
        for (int i = 0; i < leftCount; i++) {
            adjustments[i] = rightCount;
        }
        for (int i = leftCount; i < leftCount + rightCount; i++) {
            adjustments[i] = -leftCount;
        }
        RelDataTypeFactory typeFactory = join.getCluster().getTypeFactory();
        RexNode condition = commonFactorsPulledOut(join)
                .accept(new RelOptUtil.RexInputConverter(
                        join.getCluster().getRexBuilder(),
                        typeFactory
                                .createJoinType(left.getRowType(), right.getRowType())
                                .getFieldList(),
                        typeFactory
                                .createJoinType(right.getRowType(), left.getRowType())
                                .getFieldList(),
                        adjustments));
        List<Integer> rightKeys = new ArrayList<>();
        List<Integer> leftKeys = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        RexNode rest = RelOptUtil.splitJoinCondition(right, left, condition, rightKeys, leftKeys, filterNulls);
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        RowType leftType = TypeConverter.toRowType(left.getRowType());
        RowType rightType = TypeConverter.toRowType(right.getRowType());
        if (swappedType.outputsProbeSide()) {
            names.addAll(rightType.names());
            types.addAll(rightType.types());
        }
        names.addAll(leftType.names());
        types.addAll(leftType.types());
        return new JoinNode(
                convert(right),
                convert(left),
                swappedType,
                rightKeys,
                leftKeys,
                filterNulls.stream().map(excludesNulls -> !excludesNulls).toList(),
                rest.isAlwaysTrue() ? null : rexConverter.convert(rest),
                new RowType(names, types),
                estimatedBytes(rows(metadata, left), left),
                JoinDistribution.UNDECIDED);
    }

    /** A projection of a swapped inner join's output back to the join's column order: left columns first. */
    private static PlanNode restoringOrder(Join join, JoinNode swappedJoin) {
        int leftCount = join.getLeft().getRowType().getFieldCount();
        int rightCount = join.getRight().getRowType().getFieldCount();
        RowType leftType = TypeConverter.toRowType(join.getLeft().getRowType());
        RowType rightType = TypeConverter.toRowType(join.getRight().getRowType());
        List<Expression> restoreOrder = new ArrayList<>();
        for (int i = 0; i < leftCount; i++) {
            restoreOrder.add(new InputReference(rightCount + i, leftType.type(i)));
        }
        for (int i = 0; i < rightCount; i++) {
            restoreOrder.add(new InputReference(i, rightType.type(i)));
        }
        return new ProjectNode(swappedJoin, restoreOrder, TypeConverter.toRowType(join.getRowType()));
    }

    /** {@code (a = b AND x) OR (a = b AND y)} becomes {@code a = b AND (x OR y)}: a key instead of a nested loop. */
    private static RexNode commonFactorsPulledOut(Join join) {
        return RexUtil.pullFactors(join.getCluster().getRexBuilder(), join.getCondition());
    }

    private static JoinType joinType(JoinRelType type) {
        return switch (type) {
            case INNER -> JoinType.INNER;
            case LEFT -> JoinType.LEFT;
            case RIGHT -> JoinType.RIGHT;
            case FULL -> JoinType.FULL;
            case SEMI -> JoinType.SEMI;
            case ANTI -> JoinType.ANTI;
            default -> throw new AqueductException(ErrorCode.NOT_SUPPORTED, type + " joins are not supported yet");
        };
    }

    private static double rows(RelMetadataQuery metadata, RelNode rel) {
        Double rows = metadata.getRowCount(rel);
        return rows == null ? Double.MAX_VALUE : rows;
    }

    /** Rows times a rough width per column: 8 bytes for fixed-width types, 32 for strings. */
    private static long estimatedBytes(double rows, RelNode rel) {
        long rowWidth = 0;
        for (var field : rel.getRowType().getFieldList()) {
            rowWidth += field.getType().getSqlTypeName().getFamily() == SqlTypeFamily.CHARACTER ? 32 : 8;
        }
        double bytes = rows * Math.max(rowWidth, 1);
        return bytes >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) bytes;
    }

    /**
     * A LIMIT's or OFFSET's row count: a constant or a parameter bound to a whole number, {@code ifNull} for NULL (as
     * PostgreSQL: no limit, no offset).
     */
    private long rowCount(RexNode node, String clause, long ifNull) {
        if (rexConverter.convert(node) instanceof Literal literal
                && (literal.value() == null || literal.value() instanceof Long)) {
            if (literal.value() == null) {
                return ifNull;
            }
            long rows = (Long) literal.value();
            if (rows < 0) {
                throw new AqueductException(ErrorCode.INVALID_ARGUMENT, clause + " must not be negative, not " + rows);
            }
            return rows;
        }
        throw new AqueductException(ErrorCode.NOT_SUPPORTED, "LIMIT and OFFSET must be constants or parameters");
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static PlanNode values(Values values) {
        List<List<Literal>> rows = new ArrayList<>();
        List<RelDataTypeField> columns = values.getRowType().getFieldList();
        for (List<RexLiteral> tuple : values.getTuples()) {
            List<Literal> row = new ArrayList<>(tuple.size());
            for (int column = 0; column < tuple.size(); column++) {
                row.add(RexToExpression.literal(
                        tuple.get(column), columns.get(column).getType()));
            }
            rows.add(row);
        }
        return new ValuesNode(TypeConverter.toRowType(values.getRowType()), rows);
    }
}
