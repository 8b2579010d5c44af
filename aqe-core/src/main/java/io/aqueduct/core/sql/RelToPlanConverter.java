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
import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableIntList;

/** Translates an optimized Calcite plan into the engine's single-node physical plan. */
final class RelToPlanConverter {
    private final RexToExpression rexConverter;

    RelToPlanConverter(RexToExpression rexConverter) {
        this.rexConverter = rexConverter;
    }

    PlanNode convert(RelNode rel) {
        if (rel instanceof TableScan scan) {
            return scan(scan);
        }
        if (rel instanceof Filter filter) {
            return new FilterNode(convert(filter.getInput()), rexConverter.convert(filter.getCondition()));
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
        throw new AqueductException(
                ErrorCode.NOT_SUPPORTED, "Operation " + rel.getRelTypeName() + " is not supported yet");
    }

    private static PlanNode scan(TableScan scan) {
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
        return new TableScanNode(table.catalog(), table.schema(), table.name(), new RowType(names, types));
    }

    /**
     * AVG executes as SUM and COUNT followed by a division in DOUBLE, so that its partial form is two
     * plain aggregates that merge like any other.
     */
    private PlanNode aggregate(Aggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            throw new AqueductException(ErrorCode.NOT_SUPPORTED, "GROUPING SETS, ROLLUP and CUBE are not supported yet");
        }
        PlanNode source = convert(aggregate.getInput());
        List<Integer> groupKeys = aggregate.getGroupSet().asList();
        RowType outputType = TypeConverter.toRowType(aggregate.getRowType());

        List<AggregateCall> calls = new ArrayList<>();
        List<Expression> projections = new ArrayList<>();
        boolean needsProjection = false;
        for (int i = 0; i < groupKeys.size(); i++) {
            projections.add(new InputReference(i, outputType.type(i)));
        }
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            if (call.isDistinct() || call.hasFilter() || !call.collation.getFieldCollations().isEmpty()) {
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED, "Aggregate " + call + " (DISTINCT, FILTER or WITHIN GROUP) is not supported here");
            }
            DataType type = TypeConverter.toDataType(call.getType());
            int outputField = groupKeys.size() + calls.size();
            switch (call.getAggregation().getKind()) {
                case AVG -> {
                    needsProjection = true;
                    DataType argumentType = source.outputType().type(call.getArgList().get(0));
                    calls.add(new AggregateCall(AggregateFunction.SUM, call.getArgList(), sumType(argumentType)));
                    calls.add(new AggregateCall(AggregateFunction.COUNT, call.getArgList(), DataType.BIGINT));
                    Expression sum = toDouble(new InputReference(outputField, sumType(argumentType)));
                    Expression count = toDouble(new InputReference(outputField + 1, DataType.BIGINT));
                    projections.add(new Call(Function.DIVIDE, List.of(sum, count), DataType.DOUBLE));
                }
                default -> {
                    calls.add(new AggregateCall(function(call), call.getArgList(), type));
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
            case COUNT -> AggregateFunction.COUNT;
            case SUM -> AggregateFunction.SUM;
            case SUM0 -> AggregateFunction.SUM0;
            case MIN -> AggregateFunction.MIN;
            case MAX -> AggregateFunction.MAX;
            case SINGLE_VALUE -> AggregateFunction.SINGLE_VALUE;
            case ANY_VALUE -> AggregateFunction.ANY_VALUE;
            default -> throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED, "Aggregate function " + call.getAggregation().getName() + " is not supported yet");
        };
    }

    private PlanNode sort(Sort sort) {
        PlanNode source = convert(sort.getInput());
        long offset = sort.offset == null ? 0 : longValue(sort.offset);
        long fetch = sort.fetch == null ? -1 : longValue(sort.fetch);
        List<SortKey> keys = new ArrayList<>();
        for (RelFieldCollation collation : sort.getCollation().getFieldCollations()) {
            keys.add(new SortKey(
                    collation.getFieldIndex(),
                    collation.direction.isDescending(),
                    collation.nullDirection == RelFieldCollation.NullDirection.FIRST));
        }
        if (keys.isEmpty()) {
            return new LimitNode(source, offset, fetch < 0 ? Long.MAX_VALUE : fetch);
        }
        if (fetch < 0) {
            PlanNode sorted = new SortNode(source, keys);
            return offset == 0 ? sorted : new LimitNode(sorted, offset, Long.MAX_VALUE);
        }
        PlanNode topN = new TopNNode(source, keys, offset + fetch);
        return offset == 0 ? topN : new LimitNode(topN, offset, fetch);
    }

    private static long longValue(RexNode node) {
        if (node instanceof RexLiteral literal) {
            return literal.getValueAs(Long.class);
        }
        throw new AqueductException(ErrorCode.NOT_SUPPORTED, "LIMIT and OFFSET must be constants");
    }

    private static PlanNode values(Values values) {
        List<List<Literal>> rows = new ArrayList<>();
        for (List<RexLiteral> tuple : values.getTuples()) {
            rows.add(tuple.stream().map(RexToExpression::literal).toList());
        }
        return new ValuesNode(TypeConverter.toRowType(values.getRowType()), rows);
    }
}
