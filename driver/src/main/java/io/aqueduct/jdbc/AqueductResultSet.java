package io.aqueduct.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * Avatica's result set, ending after the statement's maximum row count: Avatica sends
 * {@code setMaxRows} to the server for a plain statement's execution, never for a prepared
 * statement's, so the limit holds here for both. The count in force when the statement executed
 * applies, as the javadoc of {@code setMaxRows} says.
 */
final class AqueductResultSet extends AvaticaResultSet {
    private final long maxRows;
    private long rowsRead;

    AqueductResultSet(
            AvaticaStatement statement,
            QueryState state,
            Meta.Signature signature,
            ResultSetMetaData metaData,
            TimeZone timeZone,
            Meta.Frame firstFrame)
            throws SQLException {
        super(statement, state, signature, metaData, timeZone, firstFrame);
        this.maxRows = statement.getLargeMaxRows();
    }

    @Override
    public boolean next() throws SQLException {
        if (maxRows > 0 && rowsRead >= maxRows) {
            return false;
        }
        boolean next = super.next();
        if (next) {
            rowsRead++;
        }
        return next;
    }
}
