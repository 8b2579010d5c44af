package io.aqueduct.jdbc;

import static java.util.Objects.requireNonNull;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;

/**
 * Creates the driver's JDBC objects: connections that implement {@link AqueductConnection}, and
 * statements and prepared statements that implement {@link AqueductStatement}, database metadata
 * that answers what Avatica's client gets wrong ({@link AqueductDatabaseMetaData}), and result sets
 * ({@link AqueductResultSet}) that stop at the statement's maximum row count, offer the JDBC 4.2
 * {@code getObject(column, Class)} and carry the server's SQLState when a fetch fails. A statement asked for a
 * scrollable or updatable result set gets a forward-only, read-only one ({@link ResultSetOptions}). Result set
 * metadata is Avatica's, with empty names where no table applies ({@link AqueductResultSetMetaData}). The JDBC
 * versions are those of the factory Avatica would have used (its JDBC 4.1 factory, which is package-private and so is
 * wrapped rather than extended).
 */
final class AqueductJdbcFactory implements AvaticaFactory {
    private final AvaticaFactory avatica;

    AqueductJdbcFactory(AvaticaFactory avatica) {
        this.avatica = requireNonNull(avatica, "avatica is null");
    }

    @Override
    public int getJdbcMajorVersion() {
        return avatica.getJdbcMajorVersion();
    }

    @Override
    public int getJdbcMinorVersion() {
        return avatica.getJdbcMinorVersion();
    }

    @Override
    public AvaticaConnection newConnection(
            UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) {
        return new AqueductAvaticaConnection(driver, factory, url, info);
    }

    @Override
    public AvaticaStatement newStatement(
            AvaticaConnection connection,
            Meta.StatementHandle handle,
            int resultSetType,
            int resultSetConcurrency,
            int resultSetHoldability) {
        AqueductAvaticaConnection aqueduct = aqueduct(connection);
        return new AqueductAvaticaStatement(
                aqueduct,
                handle,
                ResultSetOptions.type(aqueduct, resultSetType),
                ResultSetOptions.concurrency(aqueduct, resultSetConcurrency),
                resultSetHoldability);
    }

    @Override
    public AvaticaPreparedStatement newPreparedStatement(
            AvaticaConnection connection,
            Meta.StatementHandle handle,
            Meta.Signature signature,
            int resultSetType,
            int resultSetConcurrency,
            int resultSetHoldability)
            throws SQLException {
        AqueductAvaticaConnection aqueduct = aqueduct(connection);
        return new AqueductAvaticaPreparedStatement(
                aqueduct,
                handle,
                signature,
                ResultSetOptions.type(aqueduct, resultSetType),
                ResultSetOptions.concurrency(aqueduct, resultSetConcurrency),
                resultSetHoldability);
    }

    @Override
    public AvaticaResultSet newResultSet(
            AvaticaStatement statement,
            QueryState state,
            Meta.Signature signature,
            TimeZone timeZone,
            Meta.Frame firstFrame)
            throws SQLException {
        return new AqueductResultSet(
                statement, state, signature, newResultSetMetaData(statement, signature), timeZone, firstFrame);
    }

    @Override
    public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection) {
        return new AqueductDatabaseMetaData(aqueduct(connection));
    }

    @Override
    public ResultSetMetaData newResultSetMetaData(AvaticaStatement statement, Meta.Signature signature)
            throws SQLException {
        return new AqueductResultSetMetaData(statement, signature);
    }

    private static AqueductAvaticaConnection aqueduct(AvaticaConnection connection) {
        if (connection instanceof AqueductAvaticaConnection aqueduct) {
            return aqueduct;
        }
        throw new IllegalArgumentException("Not a connection of this factory: " + connection.getClass());
    }
}
