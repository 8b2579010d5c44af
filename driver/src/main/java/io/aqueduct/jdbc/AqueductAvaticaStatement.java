package io.aqueduct.jdbc;

import java.sql.SQLException;
import java.util.Optional;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

/**
 * The driver's {@link java.sql.Statement}: {@link #cancel()} and {@link #setQueryTimeout(int)} work
 * through the server (see {@link QueryControl}); a timeout ends in an {@link java.sql.SQLTimeoutException}.
 */
final class AqueductAvaticaStatement extends AvaticaStatement implements AqueductStatement, QueryIdTracker.Owner {
    private final QueryIdTracker queryIds;
    private final QueryControl control;

    AqueductAvaticaStatement(
            AqueductAvaticaConnection connection,
            Meta.StatementHandle handle,
            int resultSetType,
            int resultSetConcurrency,
            int resultSetHoldability) {
        super(connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability);
        this.queryIds = new QueryIdTracker(() -> connection.latestQueryId(this));
        this.control = connection.queryControl();
    }

    /**
     * Returns at once; the server kills the running query, which then fails with SQLState 57014 in the
     * thread that executes or fetches it. Unlike Avatica's, takes no lock the executing thread holds.
     */
    @Override
    public void cancel() throws SQLException {
        checkOpen();
        control.cancel(this);
    }

    @Override
    protected void executeInternal(String sql) throws SQLException {
        try {
            super.executeInternal(sql);
        } catch (SQLException e) {
            throw QueryErrors.typed(e);
        }
    }

    /** Accepted: the server translates JDBC escapes in every statement (Avatica's client throws). */
    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
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
