package io.aqueduct.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;

class TestHeapMemoryTracker extends ArrowAllocatorTest {
    @Test
    void refusesAnArrayOverTheHeapBudgetBeforeAllocatingIt() {
        HeapBudget heap = new HeapBudget(1 << 20);
        try (HeapMemoryTracker memory = new HeapMemoryTracker(allocator, "join", heap)) {
            // 2^30 longs are 8 GiB: allocating them first would raise OutOfMemoryError in this test's JVM.
            assertThatThrownBy(() -> memory.grow(new long[0], 1 << 30))
                    .isInstanceOfSatisfying(AqueductException.class, e -> {
                        assertThat(e.errorCode()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT);
                        assertThat(e.getMessage()).contains("join needs 8589934592 more bytes");
                    });
            assertThat(memory.usedBytes()).isZero();
        }
        assertThat(heap.reservedBytes()).isZero();
    }

    @Test
    void trackersOfOneProcessShareItsHeapBudget() {
        HeapBudget heap = new HeapBudget(1 << 20);
        try (HeapMemoryTracker first = new HeapMemoryTracker(allocator, "aggregation", heap);
                HeapMemoryTracker second = new HeapMemoryTracker(allocator, "sort", heap)) {
            int[] held = first.grow(new int[0], 200_000);
            assertThat(heap.reservedBytes()).isEqualTo((long) held.length * Integer.BYTES);

            assertThatThrownBy(() -> second.grow(new int[0], 100_000))
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.getMessage())
                            .contains("sort needs 400000 more bytes"));

            first.close();
            assertThat(second.grow(new int[0], 100_000)).hasSize(100_000);
            assertThat(heap.reservedBytes()).isEqualTo(400_000L);
        }
        assertThat(heap.reservedBytes()).isZero();
    }

    @Test
    void growingReleasesTheArrayItReplaces() {
        HeapBudget heap = new HeapBudget(1 << 20);
        try (HeapMemoryTracker memory = new HeapMemoryTracker(allocator, "join", heap)) {
            int[] array = memory.grow(new int[0], 1000);
            array = memory.grow(array, array.length + 1);

            assertThat(memory.usedBytes()).isEqualTo((long) array.length * Integer.BYTES);
            assertThat(heap.reservedBytes()).isEqualTo(memory.usedBytes());
        }
    }

    @Test
    void theTaskLimitCoversHeapArraysAndAFailureKeepsNothingReserved() {
        HeapBudget heap = new HeapBudget(1L << 30);
        try (BufferAllocator task = allocator.newChildAllocator("task", 0, 1 << 20);
                HeapMemoryTracker memory = new HeapMemoryTracker(task, "aggregation", heap)) {
            assertThatThrownBy(() -> memory.grow(new long[0], 1 << 20))
                    .isInstanceOfSatisfying(AqueductException.class, e -> {
                        assertThat(e.errorCode()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT);
                        assertThat(e.getMessage())
                                .isEqualTo("Query exceeded its memory limit: aggregation needs 8388608 bytes of heap");
                    });
            assertThat(heap.reservedBytes()).isZero();
            assertThat(task.getAllocatedMemory()).isZero();
        }
    }
}
