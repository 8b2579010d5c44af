package io.aqueduct.core.testing;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A test with a fresh Arrow allocator for every test method. Closing it after the method (and after the subclass's
 * own {@code @AfterEach}) fails the test when any buffer is still allocated.
 */
public abstract class ArrowAllocatorTest {
    protected BufferAllocator allocator;

    @BeforeEach
    final void openAllocator() {
        allocator = new RootAllocator();
    }

    @AfterEach
    final void closeAllocatorAndCheckForLeaks() {
        allocator.close();
    }
}
