package io.aqueduct.jdbc;

import java.sql.SQLException;

/** The exceptions a failed {@code connect} throws; all carry SQLState 08001 and a one-line message. */
final class ConnectionErrors {
    /** SQL client unable to establish SQL connection. */
    static final String UNABLE_TO_CONNECT = "08001";

    private ConnectionErrors() {}

    static SQLException invalidUrl(String reason) {
        return new SQLException(
                "Invalid Aqueduct URL: " + reason + "; expected " + AqueductUrl.TEMPLATE, UNABLE_TO_CONNECT);
    }

    static SQLException invalidSetting(String reason) {
        return new SQLException("Invalid Aqueduct connection setting: " + reason, UNABLE_TO_CONNECT);
    }

    static SQLException cannotConnect(String address, Throwable cause) {
        return new SQLException(
                "Cannot connect to Aqueduct at " + address + ": " + describe(rootCause(cause)),
                UNABLE_TO_CONNECT,
                cause);
    }

    private static Throwable rootCause(Throwable throwable) {
        Throwable root = throwable;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    private static String describe(Throwable throwable) {
        String message = throwable.getMessage();
        if (message == null || message.isBlank()) {
            return throwable.getClass().getSimpleName();
        }
        return message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
