package io.aqueduct.jdbc;

import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * The exceptions a failed {@code connect} throws, each with a one-line message: SQLState 28000 when
 * the server refused the credentials, 08001 otherwise.
 */
final class ConnectionErrors {
    /** SQL client unable to establish SQL connection. */
    static final String UNABLE_TO_CONNECT = "08001";
    /** Invalid authorization specification. */
    static final String INVALID_AUTHORIZATION = "28000";

    /** How Avatica's HTTP client reports a status other than 200 and 500; the status is all it keeps. */
    private static final Pattern HTTP_STATUS = Pattern.compile("got HTTP/([0-9]{3})");

    private static final int UNAUTHORIZED = 401;
    private static final int FORBIDDEN = 403;
    /** What Aqueduct's TLS port answers to plain HTTP. */
    private static final int UPGRADE_REQUIRED = 426;

    private ConnectionErrors() {}

    static SQLException invalidUrl(String reason) {
        return new SQLException(
                "Invalid Aqueduct URL: " + reason + "; expected " + AqueductUrl.TEMPLATE, UNABLE_TO_CONNECT);
    }

    static SQLException invalidSetting(String reason) {
        return new SQLException("Invalid Aqueduct connection setting: " + reason, UNABLE_TO_CONNECT);
    }

    /** {@code user} is the one the client sent, if any; {@code passwordGiven} whether it sent one. */
    static SQLException cannotConnect(String address, Optional<String> user, boolean passwordGiven, Throwable cause) {
        Optional<Integer> status = httpStatus(cause);
        if (status.isPresent() && (status.get() == UNAUTHORIZED || status.get() == FORBIDDEN)) {
            return new SQLException(
                    "Authentication failed at Aqueduct " + address + ": " + authenticationProblem(user, passwordGiven),
                    INVALID_AUTHORIZATION,
                    cause);
        }
        if (status.isPresent() && status.get() == UPGRADE_REQUIRED) {
            return new SQLException(
                    "Cannot connect to Aqueduct at " + address + ": the server requires TLS; connect with ssl=true",
                    UNABLE_TO_CONNECT,
                    cause);
        }
        if (isTlsFailure(cause)) {
            return new SQLException(
                    "Cannot connect to Aqueduct at " + address + ": TLS failed: " + describe(rootCause(cause))
                            + " (check ssl, truststore, truststore_password and hostname_verification)",
                    UNABLE_TO_CONNECT,
                    cause);
        }
        return cannotConnect(address, cause);
    }

    private static boolean isTlsFailure(Throwable throwable) {
        for (Throwable t = throwable; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SSLException) {
                return true;
            }
        }
        return false;
    }

    private static String authenticationProblem(Optional<String> user, boolean passwordGiven) {
        if (user.isEmpty()) {
            return "the server requires a user and password; set the user and password connection properties";
        }
        if (!passwordGiven) {
            return "no password given for user '" + user.get() + "'";
        }
        return "wrong user or password for user '" + user.get() + "'";
    }

    private static Optional<Integer> httpStatus(Throwable throwable) {
        for (Throwable t = throwable; t != null; t = t.getCause() == t ? null : t.getCause()) {
            Matcher matcher = HTTP_STATUS.matcher(String.valueOf(t.getMessage()));
            if (matcher.find()) {
                return Optional.of(Integer.parseInt(matcher.group(1)));
            }
        }
        return Optional.empty();
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
