package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;

/** A failure as it crosses from a worker to the coordinator: its code, its one-line message and the worker it happened on. */
public record ErrorInfo(ErrorCode code, String message, String worker) {
    @JsonCreator
    public ErrorInfo(
            @JsonProperty("code") ErrorCode code,
            @JsonProperty("message") String message,
            @JsonProperty("worker") String worker) {
        this.code = code;
        this.message = message;
        this.worker = worker;
    }

    public static ErrorInfo of(Throwable failure, String worker) {
        if (failure instanceof AqueductException e) {
            return new ErrorInfo(e.errorCode(), e.getMessage(), worker);
        }
        if (failure instanceof org.apache.arrow.memory.OutOfMemoryException) {
            return new ErrorInfo(
                    ErrorCode.EXCEEDED_MEMORY_LIMIT,
                    "Query exceeded the task memory limit: " + failure.getMessage(),
                    worker);
        }
        if (failure instanceof OutOfMemoryError) {
            // Accounting should have stopped the query first; the task ends, its heap is freed and the worker stays up.
            return new ErrorInfo(
                    ErrorCode.EXCEEDED_MEMORY_LIMIT,
                    "Query exceeded the worker's heap: " + failure.getMessage() + origin(failure),
                    worker);
        }
        return new ErrorInfo(
                ErrorCode.INTERNAL_ERROR,
                failure.getClass().getSimpleName() + ": " + failure.getMessage() + origin(failure),
                worker);
    }

    /** Where an unexpected failure happened in Aqueduct's code, so that a bug report can name the place. */
    private static String origin(Throwable failure) {
        for (StackTraceElement frame : failure.getStackTrace()) {
            if (frame.getClassName().startsWith("io.aqueduct.")) {
                return " (at " + frame + ")";
            }
        }
        return "";
    }

    public AqueductException toException() {
        return new AqueductException(code, message);
    }
}
