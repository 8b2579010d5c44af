package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.function.Consumer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/** Allocation helpers shared by the vectorized expressions. */
final class Vectors {
    static final String RESULT_NAME = "expr";

    private Vectors() {}

    /** An empty vector of {@code type} with room for {@code rowCount} values, all NULL until set. */
    @SuppressWarnings("unchecked")
    static <V extends FieldVector> V allocate(DataType type, int rowCount, BufferAllocator allocator) {
        FieldVector vector = type.toField(RESULT_NAME).createVector(allocator);
        try {
            vector.setInitialCapacity(rowCount);
            vector.allocateNew();
        } catch (RuntimeException e) {
            vector.close();
            throw e;
        }
        return (V) vector;
    }

    /**
     * Allocates a vector of {@code type}, lets {@code writer} fill its first {@code rowCount} values and
     * returns it; the vector is closed if the writer fails (also with an Error, such as a heap exhausted by one value).
     */
    static <V extends FieldVector> V build(DataType type, int rowCount, BufferAllocator allocator, Consumer<V> writer) {
        V vector = allocate(type, rowCount, allocator);
        try {
            writer.accept(vector);
            vector.setValueCount(rowCount);
        } catch (RuntimeException | Error e) {
            vector.close();
            throw e;
        }
        return vector;
    }

    /** Whether neither vector holds a NULL: a kernel can then skip per-row validity checks. */
    static boolean noNulls(FieldVector left, FieldVector right) {
        return left.getNullCount() == 0 && right.getNullCount() == 0;
    }

    /** Marks the first {@code rowCount} values of a freshly allocated {@code vector} valid, a byte at a time. */
    static void setAllValid(FieldVector vector, int rowCount) {
        setBits(vector.getValidityBuffer(), rowCount);
    }

    /** Sets the first {@code count} bits of {@code bits}, a byte at a time. */
    static void setBits(ArrowBuf bits, int count) {
        int fullBytes = count / Byte.SIZE;
        bits.setOne(0, fullBytes);
        int rest = count % Byte.SIZE;
        if (rest > 0) {
            bits.setByte(fullBytes, (1 << rest) - 1);
        }
    }

    /** A vector of {@code type} whose {@code rowCount} values are all NULL. */
    static FieldVector allNulls(DataType type, int rowCount, BufferAllocator allocator) {
        return build(type, rowCount, allocator, vector -> {});
    }
}
