package io.aqueduct.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.error.ErrorCode;
import org.junit.jupiter.api.Test;

class TestErrorInfo {
    private static final String WORKER = "http://127.0.0.1:1";

    @Test
    void outOfHeapFailsTheTaskWithTheMemoryLimitCode() {
        ErrorInfo error = ErrorInfo.of(new OutOfMemoryError("Java heap space"), WORKER);

        assertThat(error.code()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT);
        assertThat(error.toException().getMessage()).startsWith("Query exceeded the worker's heap: Java heap space");
        assertThat(error.worker()).isEqualTo(WORKER);
    }

    @Test
    void arrowAllocationFailureIsTheMemoryLimitToo() {
        ErrorInfo error = ErrorInfo.of(new org.apache.arrow.memory.OutOfMemoryException("limit 10"), WORKER);

        assertThat(error.code()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT);
    }

    @Test
    void otherFailuresAreInternalErrors() {
        ErrorInfo error = ErrorInfo.of(new IllegalStateException("broken"), WORKER);

        assertThat(error.code()).isEqualTo(ErrorCode.INTERNAL_ERROR);
        assertThat(error.message()).startsWith("IllegalStateException: broken");
    }
}
