package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Arrays;
import org.apache.arrow.memory.AllocationReservation;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Counts the heap arrays an operator holds (hash tables, accumulators, sort indexes) against its Arrow
 * allocator, so that the task's and the worker's memory limits cover them, and against the process's
 * {@link HeapBudget}, so that together they never exhaust the JVM heap. A huge state fails with
 * EXCEEDED_MEMORY_LIMIT naming the operator and the bytes instead of raising OutOfMemoryError: callers account
 * an array before they allocate it. Arrays grow through the {@code grow} methods, which do so and return the
 * array itself when it is long enough.
 */
final class HeapMemoryTracker implements AutoCloseable {
    // Reservations round each addition up to a power of two; adding at least this much keeps that cheap.
    private static final long MIN_RESERVATION_BYTES = 64 * 1024;
    private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private final AllocationReservation reservation;
    private final String owner;
    private final HeapBudget heap;
    private long usedBytes;

    HeapMemoryTracker(BufferAllocator allocator, String owner) {
        this(allocator, owner, HeapBudget.jvm());
    }

    HeapMemoryTracker(BufferAllocator allocator, String owner, HeapBudget heap) {
        this.reservation = allocator.newReservation();
        this.owner = requireNonNull(owner, "owner is null");
        this.heap = requireNonNull(heap, "heap is null");
    }

    /** Accounts {@code bytes} about to be allocated on the heap; throws EXCEEDED_MEMORY_LIMIT if they do not fit. */
    void add(long bytes) {
        if (!heap.tryReserve(bytes)) {
            throw new AqueductException(
                    ErrorCode.EXCEEDED_MEMORY_LIMIT,
                    String.format(
                            "Query exceeded the worker's heap memory limit: %s needs %d more bytes (holds %d);"
                                    + " %d of the %d bytes for operators' heap state are in use",
                            owner, bytes, usedBytes, heap.reservedBytes(), heap.limitBytes()));
        }
        long missing = usedBytes + bytes - reservation.getSizeLong();
        if (missing > 0 && !reservation.add(Math.max(missing, MIN_RESERVATION_BYTES))) {
            heap.release(bytes);
            throw new AqueductException(
                    ErrorCode.EXCEEDED_MEMORY_LIMIT,
                    String.format(
                            "Query exceeded its memory limit: %s needs %d bytes of heap", owner, usedBytes + bytes));
        }
        usedBytes += bytes;
    }

    void release(long bytes) {
        usedBytes -= bytes;
        heap.release(bytes);
    }

    /** The heap bytes accounted and not released. */
    long usedBytes() {
        return usedBytes;
    }

    int[] grow(int[] array, int minLength) {
        if (array.length >= minLength) {
            return array;
        }
        int length = newLength(array.length, minLength, Integer.BYTES);
        int[] grown = Arrays.copyOf(array, length);
        release((long) array.length * Integer.BYTES);
        return grown;
    }

    long[] grow(long[] array, int minLength) {
        if (array.length >= minLength) {
            return array;
        }
        int length = newLength(array.length, minLength, Long.BYTES);
        long[] grown = Arrays.copyOf(array, length);
        release((long) array.length * Long.BYTES);
        return grown;
    }

    double[] grow(double[] array, int minLength) {
        if (array.length >= minLength) {
            return array;
        }
        int length = newLength(array.length, minLength, Double.BYTES);
        double[] grown = Arrays.copyOf(array, length);
        release((long) array.length * Double.BYTES);
        return grown;
    }

    boolean[] grow(boolean[] array, int minLength) {
        if (array.length >= minLength) {
            return array;
        }
        int length = newLength(array.length, minLength, 1);
        boolean[] grown = Arrays.copyOf(array, length);
        release(array.length);
        return grown;
    }

    byte[] grow(byte[] array, int minLength) {
        if (array.length >= minLength) {
            return array;
        }
        int length = newLength(array.length, minLength, 1);
        byte[] grown = Arrays.copyOf(array, length);
        release(array.length);
        return grown;
    }

    /** An array of references (per-group state objects), accounted at a reference's size per slot. */
    <T> T[] grow(T[] array, int minLength) {
        if (array.length >= minLength) {
            return array;
        }
        int length = newLength(array.length, minLength, Long.BYTES);
        T[] grown = Arrays.copyOf(array, length);
        release((long) array.length * Long.BYTES);
        return grown;
    }

    /** Doubles (at least) the length and accounts the new array before the caller allocates it. */
    private int newLength(int length, int minLength, int elementBytes) {
        if (minLength > MAX_ARRAY_LENGTH) {
            throw new AqueductException(ErrorCode.EXCEEDED_MEMORY_LIMIT, owner + " needs more than 2^31 entries");
        }
        int newLength = (int) Math.min(MAX_ARRAY_LENGTH, Math.max(minLength, Math.max(16L, 2L * length)));
        add((long) newLength * elementBytes);
        return newLength;
    }

    @Override
    public void close() {
        heap.release(usedBytes);
        usedBytes = 0;
        reservation.close();
    }
}
