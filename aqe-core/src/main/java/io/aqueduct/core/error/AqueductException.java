package io.aqueduct.core.error;

import static java.util.Objects.requireNonNull;

/** A failure with an {@link ErrorCode}; its message is one line meant for the user. */
public class AqueductException extends RuntimeException {
    private final ErrorCode errorCode;

    public AqueductException(ErrorCode errorCode, String message) {
        super(message);
        this.errorCode = requireNonNull(errorCode, "errorCode is null");
    }

    public AqueductException(ErrorCode errorCode, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = requireNonNull(errorCode, "errorCode is null");
    }

    public ErrorCode errorCode() {
        return errorCode;
    }
}
