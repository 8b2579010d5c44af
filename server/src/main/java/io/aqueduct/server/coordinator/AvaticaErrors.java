package io.aqueduct.server.coordinator;

import com.google.common.base.Throwables;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns engine failures into the errors Avatica sends to the client: the SQLState comes from the
 * {@link ErrorCode}, the message is the engine's one line, and no server stack trace travels.
 */
final class AvaticaErrors {
    private static final Logger LOG = LoggerFactory.getLogger(AvaticaErrors.class);

    /** How Calcite's SQL-to-relational conversion begins the message of its wrapping of a call's failure. */
    private static final String CONVERTING = "while converting ";

    private AvaticaErrors() {}

    static AvaticaRuntimeException toAvatica(RuntimeException e) {
        if (e instanceof AvaticaRuntimeException avatica) {
            return avatica;
        }
        AqueductException failure = failure(e);
        if (failure.errorCode() == ErrorCode.INTERNAL_ERROR) {
            LOG.error("Internal error", e);
        }
        AvaticaRuntimeException avatica = new AvaticaRuntimeException(
                failure.getMessage(),
                failure.errorCode().ordinal(),
                failure.errorCode().sqlState(),
                AvaticaSeverity.ERROR);
        avatica.setStackTrace(new StackTraceElement[0]);
        return avatica;
    }

    /** The engine's failure that {@code e} is, or stands for; anything else is an internal error. */
    private static AqueductException failure(RuntimeException e) {
        if (e instanceof AqueductException aqueduct) {
            return aqueduct;
        }
        if (overflowedStack(e)) {
            return tooComplex(e);
        }
        if (unconvertible(e)) {
            return new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    e.getMessage().substring(CONVERTING.length())
                            + " is not supported here (Calcite cannot plan the call)",
                    e);
        }
        return new AqueductException(ErrorCode.INTERNAL_ERROR, "Internal error: " + e, e);
    }

    /** 54001 for a statement whose planning overflowed even a planner thread's stack. */
    static AqueductException tooComplex(Throwable cause) {
        return new AqueductException(
                ErrorCode.STATEMENT_TOO_COMPLEX,
                "The statement is nested too deeply to plan (a chain of many thousands of ORs, say; an IN list is not)",
                cause);
    }

    /**
     * Whether {@code e} is Calcite's conversion of a call that Calcite has no translation for, such as an ordered
     * aggregate as a window function ({@code STRING_AGG(x, ',' ORDER BY y) OVER (...)}): an UnsupportedOperationException
     * under its "while converting" wrapping.
     */
    private static boolean unconvertible(RuntimeException e) {
        return e.getMessage() != null
                && e.getMessage().startsWith(CONVERTING)
                && Throwables.getRootCause(e) instanceof UnsupportedOperationException;
    }

    /** Whether {@code e} is Calcite's wrapping (a RuntimeException per level) of a StackOverflowError. */
    private static boolean overflowedStack(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof StackOverflowError) {
                return true;
            }
        }
        return false;
    }
}
