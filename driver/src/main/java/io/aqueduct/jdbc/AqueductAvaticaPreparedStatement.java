package io.aqueduct.jdbc;

import java.sql.SQLException;
import java.util.Optional;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.Meta;

/** The driver's {@link java.sql.PreparedStatement}. */
final class AqueductAvaticaPreparedStatement extends AvaticaPreparedStatement
        implements AqueductStatement, QueryIdTracker.Owner {
    private final QueryIdTracker queryIds;

    AqueductAvaticaPreparedStatement(
            AqueductAvaticaConnection connection,
            Meta.StatementHandle handle,
            Meta.Signature signature,
            int resultSetType,
            int resultSetConcurrency,
            int resultSetHoldability)
            throws SQLException {
        super(connection, handle, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
        this.queryIds = new QueryIdTracker(() -> connection.latestQueryId(this));
    }

    @Override
    public Optional<String> getQueryId() throws SQLException {
        return queryIds.queryId();
    }

    @Override
    public QueryIdTracker queryIds() {
        return queryIds;
    }
}
