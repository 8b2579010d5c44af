package io.aqueduct.core.exec;

import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Orders rows of batches by a list of {@link SortKey}s, reading the vectors in place. NULLs go first or
 * last as each key says, whatever its direction; VARCHAR compares by UTF-8 bytes, which is code point
 * order, VARBINARY by unsigned bytes; DOUBLE follows {@link Double#compare}.
 */
public final class RowComparator {
    private final int[] fields;
    private final ValueComparator[] comparators;
    private final boolean[] descending;
    private final boolean[] nullsFirst;

    public RowComparator(List<SortKey> keys, RowType rowType) {
        int count = keys.size();
        this.fields = new int[count];
        this.comparators = new ValueComparator[count];
        this.descending = new boolean[count];
        this.nullsFirst = new boolean[count];
        for (int i = 0; i < count; i++) {
            SortKey key = keys.get(i);
            fields[i] = key.field();
            comparators[i] = valueComparator(rowType.type(key.field()));
            descending[i] = key.descending();
            nullsFirst[i] = key.nullsFirst();
        }
    }

    /**
     * Negative, zero or positive as row {@code leftRow} of {@code left} sorts before, with or after row
     * {@code rightRow} of {@code right}.
     */
    public int compare(VectorSchemaRoot left, int leftRow, VectorSchemaRoot right, int rightRow) {
        for (int i = 0; i < fields.length; i++) {
            FieldVector leftVector = left.getVector(fields[i]);
            FieldVector rightVector = right.getVector(fields[i]);
            boolean leftNull = leftVector.isNull(leftRow);
            boolean rightNull = rightVector.isNull(rightRow);
            int result;
            if (leftNull || rightNull) {
                if (leftNull && rightNull) {
                    continue;
                }
                result = leftNull == nullsFirst[i] ? -1 : 1;
            } else {
                result = comparators[i].compare(leftVector, leftRow, rightVector, rightRow);
                if (descending[i]) {
                    result = -result;
                }
            }
            if (result != 0) {
                return result;
            }
        }
        return 0;
    }

    @FunctionalInterface
    private interface ValueComparator {
        /** Compares two non-NULL values. */
        int compare(FieldVector left, int leftRow, FieldVector right, int rightRow);
    }

    private static ValueComparator valueComparator(DataType type) {
        if (LongVectorAccess.supports(type)) {
            LongVectorAccess access = LongVectorAccess.of(type);
            return (left, leftRow, right, rightRow) ->
                    Long.compare(access.get(left, leftRow), access.get(right, rightRow));
        }
        return switch (type.kind()) {
            case DOUBLE ->
                (left, leftRow, right, rightRow) ->
                        Double.compare(((Float8Vector) left).get(leftRow), ((Float8Vector) right).get(rightRow));
            case VARCHAR, VARBINARY -> RowComparator::compareBytes;
            case NULL -> (left, leftRow, right, rightRow) -> 0;
            default -> throw new IllegalArgumentException("Cannot sort by " + type);
        };
    }

    private static int compareBytes(FieldVector left, int leftRow, FieldVector right, int rightRow) {
        BaseVariableWidthVector leftStrings = (BaseVariableWidthVector) left;
        BaseVariableWidthVector rightStrings = (BaseVariableWidthVector) right;
        return ByteFunctionHelpers.compare(
                leftStrings.getDataBuffer(),
                leftStrings.getStartOffset(leftRow),
                leftStrings.getEndOffset(leftRow),
                rightStrings.getDataBuffer(),
                rightStrings.getStartOffset(rightRow),
                rightStrings.getEndOffset(rightRow));
    }
}
