package io.aqueduct.jdbc;

import java.sql.SQLException;
import java.util.Optional;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

/** The driver's {@link java.sql.Statement}. */
final class AqueductAvaticaStatement extends AvaticaStatement implements AqueductStatement, QueryIdTracker.Owner {
    private final QueryIdTracker queryIds;

    AqueductAvaticaStatement(
            AqueductAvaticaConnection connection,
            Meta.StatementHandle handle,
            int resultSetType,
            int resultSetConcurrency,
            int resultSetHoldability) {
        super(connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability);
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
