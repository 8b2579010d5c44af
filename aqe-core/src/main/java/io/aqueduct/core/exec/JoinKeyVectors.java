package io.aqueduct.core.exec;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The join key columns of one join input, in the types both inputs compare in: INTEGER and BIGINT keys
 * compare as BIGINT, DECIMAL keys of different scales (or against integers) at the larger scale. Keys
 * whose type is already the comparison type are used as they are; the others are converted into vectors
 * that this object reuses from batch to batch.
 */
final class JoinKeyVectors implements AutoCloseable {
    private static final long[] POWERS_OF_TEN = powersOfTen();

    private final int[] fields;
    private final boolean[] nullSafe;
    private final BufferAllocator allocator;
    private final LongVectorAccess[] conversionSources;
    private final long[] conversionFactors;
    private final BigIntVector[] converted;
    private final FieldVector[] vectors;
    private final List<Integer> overflowRows = new ArrayList<>();

    /**
     * @param fields the key columns of this input
     * @param types the types of the key columns
     * @param comparisonTypes the types keys compare in, from {@link #comparisonTypes}
     */
    JoinKeyVectors(
            List<Integer> fields,
            List<DataType> types,
            List<DataType> comparisonTypes,
            List<Boolean> nullSafe,
            BufferAllocator allocator) {
        int keyCount = fields.size();
        this.fields = fields.stream().mapToInt(Integer::intValue).toArray();
        this.nullSafe = new boolean[keyCount];
        this.allocator = allocator;
        this.conversionSources = new LongVectorAccess[keyCount];
        this.conversionFactors = new long[keyCount];
        this.converted = new BigIntVector[keyCount];
        this.vectors = new FieldVector[keyCount];
        for (int key = 0; key < keyCount; key++) {
            this.nullSafe[key] = nullSafe.get(key);
            DataType type = types.get(key);
            DataType comparisonType = comparisonTypes.get(key);
            if (!comparesAs(type, comparisonType)) {
                conversionSources[key] = LongVectorAccess.of(type);
                conversionFactors[key] = POWERS_OF_TEN[scale(comparisonType) - scale(type)];
            }
        }
    }

    /** The type each key pair compares in; rejects key pairs whose types cannot be compared. */
    static List<DataType> comparisonTypes(List<DataType> probeTypes, List<DataType> buildTypes) {
        checkArgument(
                probeTypes.size() == buildTypes.size(), "%s probe keys for %s build keys", probeTypes, buildTypes);
        List<DataType> types = new ArrayList<>(probeTypes.size());
        for (int key = 0; key < probeTypes.size(); key++) {
            types.add(comparisonType(probeTypes.get(key), buildTypes.get(key)));
        }
        return types;
    }

    private static DataType comparisonType(DataType probe, DataType build) {
        if (probe.kind() == build.kind() && scale(probe) == scale(build)) {
            return probe;
        }
        checkArgument(
                isExactNumber(probe) && isExactNumber(build), "Cannot join keys of types %s and %s", probe, build);
        if (probe.kind() != TypeKind.DECIMAL && build.kind() != TypeKind.DECIMAL) {
            return DataType.BIGINT;
        }
        return DataType.decimal(DataType.MAX_DECIMAL_PRECISION, Math.max(scale(probe), scale(build)));
    }

    /** Whether values of {@code type} can be compared as they are with values of {@code comparisonType}. */
    private static boolean comparesAs(DataType type, DataType comparisonType) {
        return scale(type) == scale(comparisonType)
                && (type.kind() == TypeKind.INTEGER) == (comparisonType.kind() == TypeKind.INTEGER);
    }

    private static boolean isExactNumber(DataType type) {
        return switch (type.kind()) {
            case INTEGER, BIGINT, DECIMAL -> true;
            default -> false;
        };
    }

    private static int scale(DataType type) {
        return type.kind() == TypeKind.DECIMAL ? type.scale() : 0;
    }

    /** The key vectors of {@code batch} in the comparison types; valid until the next call. */
    FieldVector[] of(VectorSchemaRoot batch) {
        overflowRows.clear();
        for (int key = 0; key < fields.length; key++) {
            FieldVector vector = batch.getVector(fields[key]);
            vectors[key] = conversionSources[key] == null ? vector : convert(key, vector, batch.getRowCount());
        }
        return vectors;
    }

    /**
     * Sets {@code groupIds} to -1 for the rows of the last {@link #of} batch that cannot match any row:
     * those with a NULL in a key that is not NULL-safe, and those with a value the comparison type cannot
     * hold.
     */
    void excludeUnmatchable(int rowCount, int[] groupIds) {
        for (int key = 0; key < vectors.length; key++) {
            if (!nullSafe[key] && vectors[key].getNullCount() > 0) {
                FieldVector vector = vectors[key];
                for (int row = 0; row < rowCount; row++) {
                    if (vector.isNull(row)) {
                        groupIds[row] = -1;
                    }
                }
            }
        }
        for (int row : overflowRows) {
            groupIds[row] = -1;
        }
    }

    private FieldVector convert(int key, FieldVector vector, int rowCount) {
        BigIntVector target = converted[key];
        if (target == null) {
            target = new BigIntVector("key" + key, allocator);
            converted[key] = target;
        }
        if (target.getValueCapacity() < rowCount) {
            target.clear();
            target.allocateNew(rowCount);
        }
        LongVectorAccess source = conversionSources[key];
        long factor = conversionFactors[key];
        long limit = Long.MAX_VALUE / factor;
        for (int row = 0; row < rowCount; row++) {
            if (vector.isNull(row)) {
                target.setNull(row);
                continue;
            }
            long value = source.get(vector, row);
            if (value > limit || value < -limit) {
                // Beyond the comparison type's range, so equal to no value of the other input.
                overflowRows.add(row);
                target.setNull(row);
            } else {
                target.set(row, value * factor);
            }
        }
        target.setValueCount(rowCount);
        return target;
    }

    private static long[] powersOfTen() {
        long[] powers = new long[DataType.MAX_DECIMAL_PRECISION + 1];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }

    @Override
    public void close() {
        for (BigIntVector vector : converted) {
            if (vector != null) {
                vector.close();
            }
        }
    }
}
