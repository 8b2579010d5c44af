package io.aqueduct.jdbc;

import java.sql.Date;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLType;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.Optional;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.Meta;

/**
 * The driver's {@link java.sql.PreparedStatement}: {@link #cancel()} and {@link #setQueryTimeout(int)} work
 * through the server (see {@link QueryControl}); a timeout ends in an {@link java.sql.SQLTimeoutException}.
 * {@code setObject} takes JDBC 4.2's values and target types ({@link ParameterObjects}).
 */
final class AqueductAvaticaPreparedStatement extends AvaticaPreparedStatement
        implements AqueductStatement, QueryIdTracker.Owner {
    private final QueryIdTracker queryIds;
    private final QueryControl control;

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
    public void setObject(int parameterIndex, Object x) throws SQLException {
        super.setObject(parameterIndex, ParameterObjects.standard(x));
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
        Object value = ParameterObjects.asTarget(ParameterObjects.standard(x), targetSqlType);
        switch (value instanceof java.util.Date ? targetSqlType : Types.OTHER) {
            case Types.DATE -> setDate(parameterIndex, (Date) value);
            case Types.TIME -> setTime(parameterIndex, (Time) value);
            case Types.TIMESTAMP -> setTimestamp(parameterIndex, (Timestamp) value);
            default -> super.setObject(parameterIndex, value, targetSqlType);
        }
    }

    /** The scale or length only matters to the types the engine does not have (Avatica's client ignores it too). */
    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        setObject(parameterIndex, x, targetSqlType);
    }

    /** JDBC 4.2's form, which Avatica's client leaves to the interface's default (it throws). */
    @Override
    public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
        setObject(parameterIndex, x, vendorTypeNumber(targetSqlType));
    }

    @Override
    public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
        setObject(parameterIndex, x, vendorTypeNumber(targetSqlType));
    }

    private static int vendorTypeNumber(SQLType type) throws SQLException {
        if (type == null || type.getVendorTypeNumber() == null) {
            throw new SQLFeatureNotSupportedException("Not a JDBC type: " + type);
        }
        return type.getVendorTypeNumber();
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
