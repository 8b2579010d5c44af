package io.aqueduct.jdbc;

import java.sql.ResultSet;
import java.sql.SQLWarning;

/**
 * The result set type and concurrency a statement gets. Results stream from the server in frames, forward and read
 * only; as JDBC asks of a driver that cannot give what was asked, a scrollable or updatable request gets the closest
 * it supports, with a warning on the connection (Avatica's client took the request and then failed every {@code
 * last()} or {@code absolute(n)}).
 */
final class ResultSetOptions {
    /** Option value changed. */
    static final String OPTION_CHANGED = "01S02";

    private ResultSetOptions() {}

    static int type(AqueductAvaticaConnection connection, int requested) {
        if (requested == ResultSet.TYPE_FORWARD_ONLY) {
            return requested;
        }
        connection.addWarning(new SQLWarning(
                "Result sets are forward-only: the statement's TYPE_SCROLL_"
                        + (requested == ResultSet.TYPE_SCROLL_SENSITIVE ? "SENSITIVE" : "INSENSITIVE")
                        + " became TYPE_FORWARD_ONLY",
                OPTION_CHANGED));
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    static int concurrency(AqueductAvaticaConnection connection, int requested) {
        if (requested == ResultSet.CONCUR_READ_ONLY) {
            return requested;
        }
        connection.addWarning(new SQLWarning(
                "Result sets are read-only: the statement's CONCUR_UPDATABLE became CONCUR_READ_ONLY", OPTION_CHANGED));
        return ResultSet.CONCUR_READ_ONLY;
    }
}
