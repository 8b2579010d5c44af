package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.WindowCall;
import io.aqueduct.core.plan.WindowFrame;
import io.aqueduct.core.plan.WindowFunction;
import io.aqueduct.core.plan.WindowNode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.RowType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowExclusion;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * Translates Calcite's {@link Window} into one {@link WindowNode} per window group (a PARTITION BY, ORDER BY
 * and frame), stacked so that each adds its calls' columns after the previous ones, as the Window's row type
 * has them. The Window's constants (LAG offsets and defaults, NTILE buckets, ...) become columns projected
 * after the input's, which is where the calls' references to them already point; a projection on top drops
 * them again.
 */
final class WindowConverter {
    private WindowConverter() {}

    static PlanNode convert(Window window, PlanNode input) {
        RowType inputType = input.outputType();
        Extras extras = new Extras(input);
        for (int i = 0; i < window.constants.size(); i++) {
            extras.add(RexToExpression.literal(window.constants.get(i)));
        }
        List<List<Integer>> arguments = new ArrayList<>();
        for (Window.Group group : window.groups) {
            for (Window.RexWinAggCall call : group.aggCalls) {
                arguments.add(arguments(call, extras));
            }
        }
        PlanNode source = extras.project();
        RowType windowType = TypeConverter.toRowType(window.getRowType());
        int nextOutput = inputType.size();
        int nextCall = 0;
        for (Window.Group group : window.groups) {
            if (group.exclude != RexWindowExclusion.EXCLUDE_NO_OTHER) {
                throw unsupported("Window frame " + group.exclude);
            }
            List<SortKey> orderKeys = orderKeys(group);
            RowType sourceType = source.outputType();
            WindowFrame frame = frame(group, window, sourceType, orderKeys);
            List<String> names = new ArrayList<>(sourceType.names());
            List<DataType> types = new ArrayList<>(sourceType.types());
            List<WindowCall> calls = new ArrayList<>();
            for (Window.RexWinAggCall call : group.aggCalls) {
                WindowCall converted = call(call, arguments.get(nextCall++), frame, sourceType);
                calls.add(converted);
                names.add(windowType.names().get(nextOutput++));
                types.add(converted.type());
            }
            source = new WindowNode(source, group.keys.asList(), orderKeys, calls, new RowType(names, types));
        }
        if (extras.count() == 0) {
            return source;
        }
        List<Expression> withoutExtras = new ArrayList<>();
        for (int i = 0; i < windowType.size(); i++) {
            int field = i < inputType.size() ? i : i + extras.count();
            withoutExtras.add(new InputReference(field, windowType.type(i)));
        }
        return new ProjectNode(source, withoutExtras, windowType);
    }

    /**
     * The call's argument columns. A LAG or LEAD value or default of another type than the call's (a BIGINT value with
     * a DECIMAL(15, 2) default is DECIMAL(18, 2)) is cast to the call's type in a column of its own, so the operator
     * can copy both as they are.
     */
    private static List<Integer> arguments(Window.RexWinAggCall call, Extras extras) {
        List<Integer> arguments = new ArrayList<>();
        for (RexNode operand : call.getOperands()) {
            if (!(operand instanceof RexInputRef ref)) {
                throw unsupported("Window function argument " + operand);
            }
            arguments.add(ref.getIndex());
        }
        SqlKind kind = call.getOperator().getKind();
        if (kind == SqlKind.LAG || kind == SqlKind.LEAD) {
            DataType callType = TypeConverter.toDataType(call.getType());
            castTo(callType, arguments, 0, extras);
            if (arguments.size() > 2) {
                castTo(callType, arguments, 2, extras);
            }
        }
        return arguments;
    }

    /** Points argument {@code position} at a new column of it cast to {@code type}, unless it has that type. */
    private static void castTo(DataType type, List<Integer> arguments, int position, Extras extras) {
        int field = arguments.get(position);
        if (!extras.type(field).equals(type)) {
            arguments.set(position, extras.add(new Call(Function.CAST, List.of(extras.expression(field)), type)));
        }
    }

    /** Columns computed after the input's for the window's use: its constants, then casts of arguments. */
    private static final class Extras {
        private final PlanNode input;
        private final List<Expression> expressions = new ArrayList<>();

        Extras(PlanNode input) {
            this.input = input;
        }

        /** The field of the new column. */
        int add(Expression expression) {
            expressions.add(expression);
            return input.outputType().size() + expressions.size() - 1;
        }

        int count() {
            return expressions.size();
        }

        /** The expression of {@code field} over the input: a reference to an input column, or an extra's. */
        Expression expression(int field) {
            RowType inputType = input.outputType();
            return field < inputType.size()
                    ? new InputReference(field, inputType.type(field))
                    : expressions.get(field - inputType.size());
        }

        DataType type(int field) {
            RowType inputType = input.outputType();
            return field < inputType.size()
                    ? inputType.type(field)
                    : expressions.get(field - inputType.size()).type();
        }

        PlanNode project() {
            if (expressions.isEmpty()) {
                return input;
            }
            RowType inputType = input.outputType();
            List<Expression> projections = new ArrayList<>();
            List<String> names = new ArrayList<>(inputType.names());
            List<DataType> types = new ArrayList<>(inputType.types());
            for (int i = 0; i < inputType.size(); i++) {
                projections.add(new InputReference(i, inputType.type(i)));
            }
            for (int i = 0; i < expressions.size(); i++) {
                projections.add(expressions.get(i));
                names.add("$window" + i);
                types.add(expressions.get(i).type());
            }
            return new ProjectNode(input, projections, new RowType(names, types));
        }
    }

    private static List<SortKey> orderKeys(Window.Group group) {
        List<SortKey> keys = new ArrayList<>();
        for (RelFieldCollation collation : group.orderKeys.getFieldCollations()) {
            keys.add(new SortKey(
                    collation.getFieldIndex(),
                    collation.direction.isDescending(),
                    collation.nullDirection == RelFieldCollation.NullDirection.FIRST));
        }
        return keys;
    }

    private static WindowCall call(
            Window.RexWinAggCall call, List<Integer> arguments, WindowFrame frame, RowType sourceType) {
        if (call.distinct || call.ignoreNulls) {
            throw unsupported("Window function " + call.getOperator().getName() + " with DISTINCT or IGNORE NULLS");
        }
        WindowFunction function = function(call);
        DataType type = TypeConverter.toDataType(call.getType());
        boolean copiesValue =
                switch (function) {
                    case LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTH_VALUE, MIN, MAX -> true;
                    default -> false;
                };
        if (copiesValue && sourceType.type(arguments.get(0)).kind() != type.kind()) {
            throw unsupported("Window function " + call + " returning " + type);
        }
        return new WindowCall(function, arguments, frame, type);
    }

    private static WindowFunction function(Window.RexWinAggCall call) {
        return switch (call.getOperator().getKind()) {
            case ROW_NUMBER -> WindowFunction.ROW_NUMBER;
            case RANK -> WindowFunction.RANK;
            case DENSE_RANK -> WindowFunction.DENSE_RANK;
            case PERCENT_RANK -> WindowFunction.PERCENT_RANK;
            case CUME_DIST -> WindowFunction.CUME_DIST;
            case NTILE -> WindowFunction.NTILE;
            case LAG -> WindowFunction.LAG;
            case LEAD -> WindowFunction.LEAD;
            case FIRST_VALUE -> WindowFunction.FIRST_VALUE;
            case LAST_VALUE -> WindowFunction.LAST_VALUE;
            case NTH_VALUE -> WindowFunction.NTH_VALUE;
            case COUNT -> WindowFunction.COUNT;
            case SUM -> WindowFunction.SUM;
            case SUM0 -> WindowFunction.SUM0;
            case MIN -> WindowFunction.MIN;
            case MAX -> WindowFunction.MAX;
            default -> throw unsupported("Window function " + call.getOperator().getName());
        };
    }

    private static WindowFrame frame(Window.Group group, Window window, RowType sourceType, List<SortKey> orderKeys) {
        DataType orderType =
                orderKeys.size() == 1 ? sourceType.type(orderKeys.get(0).field()) : null;
        return new WindowFrame(
                group.isRows,
                bound(group.lowerBound, group.isRows, window, orderType),
                bound(group.upperBound, group.isRows, window, orderType));
    }

    private static WindowFrame.Bound bound(RexWindowBound bound, boolean rows, Window window, DataType orderType) {
        if (bound.isCurrentRow()) {
            return WindowFrame.Bound.currentRow();
        }
        if (bound.isUnbounded()) {
            return WindowFrame.Bound.unbounded(
                    bound.isPreceding()
                            ? WindowFrame.BoundKind.UNBOUNDED_PRECEDING
                            : WindowFrame.BoundKind.UNBOUNDED_FOLLOWING);
        }
        RexLiteral offset = constant(bound.getOffset(), window);
        long value = rows ? rowOffset(offset) : rangeOffset(offset, orderType);
        return bound.isPreceding() ? WindowFrame.Bound.preceding(value) : WindowFrame.Bound.following(value);
    }

    private static RexLiteral constant(RexNode offset, Window window) {
        if (offset instanceof RexLiteral literal) {
            return literal;
        }
        if (offset instanceof RexInputRef ref) {
            int constant = ref.getIndex() - window.getInput().getRowType().getFieldCount();
            if (constant >= 0 && constant < window.constants.size()) {
                return window.constants.get(constant);
            }
        }
        throw unsupported("A window frame offset that is not a constant");
    }

    private static long rowOffset(RexLiteral offset) {
        BigDecimal value = offset.getValueAs(BigDecimal.class);
        if (value == null || value.signum() < 0 || value.stripTrailingZeros().scale() > 0) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "A ROWS frame offset must be a non-negative integer: " + offset);
        }
        return value.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue();
    }

    /** A RANGE offset in the ORDER BY key's representation: unscaled for DECIMAL, days for DATE. */
    private static long rangeOffset(RexLiteral offset, DataType orderType) {
        if (orderType == null) {
            throw unsupported("A RANGE frame with an offset over several ORDER BY keys");
        }
        BigDecimal value = offset.getValueAs(BigDecimal.class);
        boolean interval = SqlTypeFamily.DATETIME_INTERVAL.contains(offset.getType());
        if (value == null || value.signum() < 0) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "A RANGE frame offset must not be negative");
        }
        try {
            return switch (orderType.kind()) {
                case INTEGER, BIGINT -> value.longValueExact();
                case DECIMAL -> value.movePointRight(orderType.scale()).longValueExact();
                case DATE -> {
                    if (!interval || offset.getType().getSqlTypeName().getFamily() != SqlTypeFamily.INTERVAL_DAY_TIME) {
                        throw unsupported("A RANGE offset over a DATE other than a day interval");
                    }
                    yield value.divide(BigDecimal.valueOf(DateTimes.MILLIS_PER_DAY))
                            .longValueExact();
                }
                default -> throw unsupported("A RANGE frame with an offset over a " + orderType + " key");
            };
        } catch (ArithmeticException e) {
            throw unsupported("A RANGE frame offset " + offset + " for a " + orderType + " key");
        }
    }

    private static AqueductException unsupported(String what) {
        return new AqueductException(ErrorCode.NOT_SUPPORTED, what + " is not supported");
    }
}
