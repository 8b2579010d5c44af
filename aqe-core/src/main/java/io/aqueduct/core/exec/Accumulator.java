package io.aqueduct.core.exec;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateFunction;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.core.type.TypeKind;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** The per-group state of one aggregate call, in arrays indexed by group id. */
interface Accumulator {
    /** Makes room for group ids below {@code groupCount}; new groups start empty. */
    void ensureCapacity(int groupCount);

    /** Adds rows {@code [0, rowCount)} of {@code batch}, row {@code i} belonging to group {@code groupIds[i]}. */
    void add(VectorSchemaRoot batch, int[] groupIds, int rowCount);

    /** Writes the results of groups {@code [fromGroup, fromGroup + count)} into rows {@code [0, count)}. */
    void write(FieldVector output, int fromGroup, int count);

    static Accumulator create(AggregateCall call, RowType inputType, HeapMemoryTracker memory) {
        List<Integer> arguments = call.arguments();
        if (call.function() == AggregateFunction.COUNT) {
            return new CountAccumulator(
                    arguments.stream().mapToInt(Integer::intValue).toArray(), memory);
        }
        checkArgument(
                arguments.size() == 1 || !call.function().decomposable() && arguments.size() == 2,
                "Aggregate with %s arguments: %s",
                arguments.size(),
                call);
        int field = arguments.get(0);
        DataType argumentType = inputType.type(field);
        return switch (call.function()) {
            case COUNT -> throw new IllegalStateException("COUNT has its own accumulator: " + call);
            case SUM, SUM0 -> sum(call, field, argumentType, memory);
            case MIN -> new ExtremeValueAccumulator(field, GroupColumn.create(argumentType, memory), false);
            case MAX -> new ExtremeValueAccumulator(field, GroupColumn.create(argumentType, memory), true);
            case ANY_VALUE -> new AnyValueAccumulator(field, GroupColumn.create(argumentType, memory));
            case ARG_MAX, ARG_MIN ->
                new ArgExtremeAccumulator(
                        field,
                        arguments.get(1),
                        GroupColumn.create(argumentType, memory),
                        GroupColumn.create(inputType.type(arguments.get(1)), memory),
                        call.function() == AggregateFunction.ARG_MAX);
            case BIT_AND -> bitwise(field, BitwiseAccumulator.Operation.AND, argumentType, memory);
            case BIT_OR -> bitwise(field, BitwiseAccumulator.Operation.OR, argumentType, memory);
            case BIT_XOR -> bitwise(field, BitwiseAccumulator.Operation.XOR, argumentType, memory);
            case SINGLE_VALUE -> new SingleValueAccumulator(field, GroupColumn.create(argumentType, memory), memory);
            case STRING_AGG ->
                StringAggAccumulator.create(field, arguments.size() > 1 ? arguments.get(1) : -1, call.order(), memory);
            case MODE -> SortedValuesAccumulator.mode(field, argumentType, memory);
            case PERCENTILE_CONT, PERCENTILE_DISC ->
                SortedValuesAccumulator.percentile(
                        field,
                        argumentType,
                        arguments.get(1),
                        inputType.type(arguments.get(1)),
                        percentilePick(call),
                        memory);
        };
    }

    /** Continuous, or discrete in the direction of the call's ORDER BY (ascending when it carries none). */
    private static SortedValuesAccumulator.Pick percentilePick(AggregateCall call) {
        if (call.function() == AggregateFunction.PERCENTILE_CONT) {
            return SortedValuesAccumulator.Pick.CONTINUOUS;
        }
        boolean descending = !call.order().isEmpty() && call.order().get(0).descending();
        return descending
                ? SortedValuesAccumulator.Pick.DISCRETE_DESCENDING
                : SortedValuesAccumulator.Pick.DISCRETE_ASCENDING;
    }

    private static Accumulator bitwise(
            int field, BitwiseAccumulator.Operation operation, DataType argumentType, HeapMemoryTracker memory) {
        if (argumentType.kind() != TypeKind.INTEGER && argumentType.kind() != TypeKind.BIGINT) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED, "BIT_" + operation + " of " + argumentType + " is not supported");
        }
        return new BitwiseAccumulator(field, operation, LongVectorAccess.of(argumentType), memory);
    }

    private static Accumulator sum(AggregateCall call, int field, DataType argumentType, HeapMemoryTracker memory) {
        boolean nullWhenEmpty = call.function() == AggregateFunction.SUM;
        DataType resultType = call.type();
        if (argumentType.kind() == TypeKind.DOUBLE && resultType.kind() == TypeKind.DOUBLE) {
            return new DoubleSumAccumulator(field, nullWhenEmpty, memory);
        }
        if (argumentType.isNumeric()
                && argumentType.kind() != TypeKind.DOUBLE
                && resultType.isNumeric()
                && resultType.kind() != TypeKind.DOUBLE) {
            checkArgument(
                    argumentType.scale() == resultType.scale(), "SUM must keep the scale of its argument: %s", call);
            return new LongSumAccumulator(
                    field, LongVectorAccess.of(argumentType), LongVectorAccess.of(resultType), nullWhenEmpty, memory);
        }
        throw new AqueductException(
                ErrorCode.NOT_SUPPORTED, "SUM of " + argumentType + " into " + resultType + " is not supported");
    }
}
