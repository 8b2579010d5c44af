package io.aqueduct.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * The driver's result set: Avatica's, except that a query failing while its rows are fetched (canceled,
 * timed out, a worker lost) surfaces from {@link #next()} as an {@link SQLException} with the server's
 * SQLState rather than as Avatica's unchecked exception.
 */
final class AqueductResultSet extends AvaticaResultSet {
    AqueductResultSet(
            AvaticaStatement statement,
            QueryState state,
            Meta.Signature signature,
            ResultSetMetaData metaData,
            TimeZone timeZone,
            Meta.Frame firstFrame)
            throws SQLException {
        super(statement, state, signature, metaData, timeZone, firstFrame);
    }

    @Override
    public boolean next() throws SQLException {
        try {
            return super.next();
        } catch (SQLException e) {
            throw QueryErrors.typed(e);
        } catch (RuntimeException e) {
            throw QueryErrors.fromFetch(e);
        }
    }
}
