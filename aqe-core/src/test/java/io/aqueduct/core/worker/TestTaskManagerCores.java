package io.aqueduct.core.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.connector.ConnectorRegistry;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The processors a worker reports, which the coordinator multiplies by the workers for its tasks per stage. */
class TestTaskManagerCores {
    private static final String URL = "http://127.0.0.1:1";

    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    @Test
    void reportsTheCoresItWasGiven() {
        // info() never calls the transport: no tasks are created here.
        try (TaskManager tasks = new TaskManager(ConnectorRegistry.builtIn(), null, allocator, URL, 60_000, 3)) {
            assertThat(tasks.info().processors()).isEqualTo(3);
        }
    }

    @Test
    void reportsTheMachinesProcessorsByDefault() {
        try (TaskManager tasks = new TaskManager(ConnectorRegistry.builtIn(), null, allocator, URL, 60_000)) {
            assertThat(tasks.info().processors()).isEqualTo(Runtime.getRuntime().availableProcessors());
        }
    }

    @Test
    void rejectsNoCores() {
        assertThatThrownBy(() -> new TaskManager(ConnectorRegistry.builtIn(), null, allocator, URL, 60_000, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cores must be positive");
    }
}
