package io.aqueduct.core.exec;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes that operators' heap arrays (hash tables, accumulators, sort indexes) may hold together in one JVM,
 * across all its tasks. Arrow's allocator limits are set per worker and per task by the operator of the cluster
 * and cover off-heap memory that the JVM heap size does not bound; the heap is one per process and its size is
 * known, so this budget derives from it and keeps the rest of the heap for everything that is not accounted
 * (request handling, planning, batches in flight, garbage not yet collected). With it no choice of Arrow limits
 * lets the accounted arrays exhaust the heap.
 */
public final class HeapBudget {
    /** The share of the maximum heap ({@code -Xmx}) the accounted arrays may hold. */
    public static final double HEAP_SHARE = 0.5;

    private static final HeapBudget JVM =
            new HeapBudget((long) (Runtime.getRuntime().maxMemory() * HEAP_SHARE));

    private final long limitBytes;
    private final AtomicLong reservedBytes = new AtomicLong();

    HeapBudget(long limitBytes) {
        checkArgument(limitBytes >= 0, "limitBytes is negative: %s", limitBytes);
        this.limitBytes = limitBytes;
    }

    /** The budget of this process. */
    public static HeapBudget jvm() {
        return JVM;
    }

    public long limitBytes() {
        return limitBytes;
    }

    public long reservedBytes() {
        return reservedBytes.get();
    }

    /** Reserves {@code bytes} if they fit the budget; returns whether they did. */
    boolean tryReserve(long bytes) {
        checkArgument(bytes >= 0, "bytes is negative: %s", bytes);
        while (true) {
            long reserved = reservedBytes.get();
            if (reserved + bytes > limitBytes) {
                return false;
            }
            if (reservedBytes.compareAndSet(reserved, reserved + bytes)) {
                return true;
            }
        }
    }

    void release(long bytes) {
        checkArgument(bytes >= 0, "bytes is negative: %s", bytes);
        reservedBytes.addAndGet(-bytes);
    }
}
