package io.aqueduct.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Helper;
import org.apache.calcite.avatica.InternalProperty;
import org.apache.calcite.avatica.remote.Service.OpenConnectionRequest;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;

/**
 * JDBC driver for Aqueduct: an Avatica remote client behind Aqueduct's own URL.
 *
 * <pre>{@code
 * Properties properties = new Properties();
 * properties.setProperty("distributed.dynamic_task_count", "8");
 * try (Connection connection =
 *         DriverManager.getConnection("jdbc:aqueduct://coordinator:8765/tpch/sf1", properties)) {
 *     ...
 * }
 * }</pre>
 *
 * <p>{@link AqueductUrl} describes the URL and {@link ConnectionSettings} which keys reach the
 * server. Every failure to connect is an {@link SQLException}: SQLState 28000 when the server
 * refuses the user or password, 08001 otherwise. Connections
 * unwrap to {@link AqueductConnection}, statements and prepared statements to {@link
 * AqueductStatement}.
 */
public class AqueductDriver extends org.apache.calcite.avatica.remote.Driver {
    private static final String VERSION_RESOURCE = "io/aqueduct/jdbc/aqueduct-jdbc.properties";

    static {
        if (AvaticaRelocation.isRelocated()) {
            deregisterAvaticaDriver();
        }
        try {
            DriverManager.registerDriver(new AqueductDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    protected String getConnectStringPrefix() {
        return AqueductUrl.PREFIX;
    }

    /** Called by Avatica's constructor, before this class's fields are set. */
    @Override
    protected AvaticaFactory createFactory() {
        return new AqueductJdbcFactory(super.createFactory());
    }

    /** The factory of this driver's connections and statements. */
    AvaticaFactory jdbcFactory() {
        return factory;
    }

    @Override
    protected DriverVersion createDriverVersion() {
        return DriverVersion.load(
                AqueductDriver.class,
                VERSION_RESOURCE,
                "Aqueduct JDBC Driver",
                "unknown version",
                "Aqueduct",
                "unknown version");
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectionSettings settings =
                ConnectionSettings.create(AqueductUrl.parse(url), info == null ? new Properties() : info);
        try {
            AvaticaConnection connection = factory.newConnection(this, factory, url, settings.avaticaProperties());
            handler.onConnectionInit(connection);
            describeSqlDialect(connection);
            // Avatica's own connect would send only the Properties, and never "schema": the server
            // gets the settings resolved from the URL and the Properties instead.
            connection.getService().apply(new OpenConnectionRequest(connection.id, settings.serverProperties()));
            return connection;
        } catch (AvaticaClientRuntimeException e) {
            // The server answered with an error: keep its SQLState and message.
            throw Helper.INSTANCE.createException(
                    "Aqueduct at " + settings.address() + " refused the connection: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            // Avatica reports transport failures (refused, unknown host, TLS, HTTP errors such as 401) unchecked.
            throw ConnectionErrors.cannotConnect(settings.address(), settings.user(), settings.passwordGiven(), e);
        }
    }

    /**
     * What {@code DatabaseMetaData} reports of identifiers and NULL ordering, which Avatica answers on
     * the client: unquoted names fold to lower case, quoted names are exact.
     */
    private static void describeSqlDialect(AvaticaConnection connection) {
        connection.properties.put(InternalProperty.UNQUOTED_CASING, Casing.TO_LOWER);
        connection.properties.put(InternalProperty.QUOTED_CASING, Casing.UNCHANGED);
        connection.properties.put(InternalProperty.QUOTING, Quoting.DOUBLE_QUOTE);
        connection.properties.put(InternalProperty.CASE_SENSITIVE, true);
    }

    /**
     * Avatica's remote driver registers itself when its class loads. In the shaded jar that copy
     * would claim {@code jdbc:avatica:remote:} URLs and speak relocated protobuf names, so it goes.
     */
    private static void deregisterAvaticaDriver() {
        for (Driver driver : DriverManager.drivers().toList()) {
            if (driver.getClass() == org.apache.calcite.avatica.remote.Driver.class) {
                try {
                    DriverManager.deregisterDriver(driver);
                } catch (SQLException e) {
                    throw new ExceptionInInitializerError(e);
                }
            }
        }
    }
}
