package io.aqueduct.core.worker;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.protocol.WorkerMemory;
import io.aqueduct.core.splitcache.SplitCache;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;

/** Reads a worker's {@link WorkerMemory} from its allocators, its split cache and the JVM. */
public final class WorkerMemoryGauge {
    private final BufferAllocator root;
    private final BufferAllocator tasks;
    private final Optional<SplitCache> splitCache;

    /** {@code tasks} is the allocator of the worker's tasks, a descendant of {@code root} (or {@code root} itself). */
    public WorkerMemoryGauge(BufferAllocator root, BufferAllocator tasks, Optional<SplitCache> splitCache) {
        this.root = requireNonNull(root, "root is null");
        this.tasks = requireNonNull(tasks, "tasks is null");
        this.splitCache = requireNonNull(splitCache, "splitCache is null");
    }

    /** A worker whose tasks' allocator is all its Arrow memory, without a split cache (in-process workers). */
    public static WorkerMemoryGauge tasksOnly(BufferAllocator tasks) {
        return new WorkerMemoryGauge(tasks, tasks, Optional.empty());
    }

    public WorkerMemory read() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return new WorkerMemory(
                tasks.getAllocatedMemory(),
                tasks.getPeakMemoryAllocation(),
                root.getLimit(),
                splitCache.map(cache -> cache.stats().usedBytes()).orElse(0L),
                splitCache.map(SplitCache::capacityBytes).orElse(0L),
                heap.getUsed(),
                heapPeakBytes(),
                heap.getMax());
    }

    /** The pools peak at different times, so their sum bounds the heap's peak from above. */
    private static long heapPeakBytes() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP)
                .map(MemoryPoolMXBean::getPeakUsage)
                .mapToLong(usage -> usage == null ? 0 : usage.getUsed())
                .sum();
    }
}
