package io.aqueduct.jdbc;

import static java.util.stream.Collectors.toUnmodifiableSet;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.remote.AuthenticationType;
import org.apache.calcite.avatica.remote.Driver.Serialization;

/**
 * Splits what a client asked for, in the URL and in the {@link Properties} given to {@code connect},
 * into Avatica's client configuration and the connection properties the server receives.
 *
 * <p>The server receives {@code catalog} and {@code schema} (from the URL path or as keys),
 * {@code user}, and every other key verbatim, e.g. {@code distributed.dynamic_task_count}. The
 * client keeps the transport settings: {@code ssl}, {@code serialization} ({@code PROTOBUF} by
 * default, or {@code JSON}), {@code password}, and Avatica's own keys such as
 * {@code http_response_timeout} or {@code truststore}; {@code fetch_size}, Avatica's default
 * fetch size of the connection's statements, is 65536 unless given: the server then sends frames of
 * about a megabyte, however many rows that is; {@code timeZone}, Avatica's key, goes to
 * both, as the server's time zone of CURRENT_TIMESTAMP and its kin. {@code user} and {@code password} together
 * turn on HTTP BASIC authentication unless {@code authentication} names another scheme;
 * {@code avatica_user} and {@code avatica_password}, when given, are the credentials instead (a
 * coordinator that authenticates records the authenticated user, whatever {@code user} says).
 *
 * <p>TLS: {@code ssl=true} speaks https. The server's certificate is checked against the JVM's
 * default trust store, or against {@code truststore} (a PKCS12 or JKS file) with
 * {@code truststore_password}; {@code hostname_verification} is {@code STRICT} (the default: the
 * certificate must name the URL's host) or {@code NONE}. {@code keystore}, {@code keystore_password}
 * and {@code key_password} present a client certificate.
 *
 * <p>A key given both in the URL and in the Properties must have the same value in both. An empty
 * {@code user} or {@code password} in the Properties counts as not given: tools such as sqlline and
 * DBeaver send empty ones when their fields are blank, and the URL may carry the real ones.
 */
final class ConnectionSettings {
    static final String CATALOG = "catalog";
    static final String SCHEMA = "schema";
    static final String USER = "user";
    static final String PASSWORD = "password";
    static final String SSL = "ssl";
    /** How the server sends TIMESTAMP values: {@code micros} unless the client names {@code millis}. */
    static final String TIMESTAMP_UNIT = "timestampUnit";

    private static final String URL = BuiltInConnectionProperty.URL.camelName();
    private static final String FACTORY = BuiltInConnectionProperty.FACTORY.camelName();
    private static final String HTTP_CLIENT = BuiltInConnectionProperty.HTTP_CLIENT_IMPL.camelName();
    private static final String SERIALIZATION = BuiltInConnectionProperty.SERIALIZATION.camelName();
    private static final String FETCH_SIZE = BuiltInConnectionProperty.FETCH_SIZE.camelName();
    /**
     * A statement's fetch size when the client sets none: as many rows as a frame may hold, so that
     * Aqueduct's server sizes frames by bytes (Avatica's default of 100 rows costs a round trip per 100
     * rows). Not 0: a stock Avatica server answers a fetch of 0 rows with the end of the result.
     */
    private static final String SERVER_SIZED_FRAMES = "65536";
    /** Read by both sides: the client's calendar of dates and times, the server's CURRENT_TIMESTAMP zone. */
    private static final String TIME_ZONE = BuiltInConnectionProperty.TIME_ZONE.camelName();

    /** Avatica's keys, which Avatica itself never forwards; {@code schema} is the server's. */
    private static final Set<String> AVATICA_CLIENT_KEYS = Arrays.stream(BuiltInConnectionProperty.values())
            .map(BuiltInConnectionProperty::camelName)
            .filter(key -> !key.equals(SCHEMA))
            .collect(toUnmodifiableSet());

    private final String address;
    private final Optional<String> user;
    private final boolean passwordGiven;
    private final Properties avaticaProperties;
    private final Map<String, String> serverProperties;

    private ConnectionSettings(
            String address,
            Optional<String> user,
            boolean passwordGiven,
            Properties avaticaProperties,
            Map<String, String> serverProperties) {
        this.address = address;
        this.user = user;
        this.passwordGiven = passwordGiven;
        this.avaticaProperties = avaticaProperties;
        this.serverProperties = Collections.unmodifiableMap(serverProperties);
    }

    /** @throws SQLException with SQLState 08001 when a setting is invalid or contradictory */
    static ConnectionSettings create(AqueductUrl url, Properties info) throws SQLException {
        Map<String, String> requested = new LinkedHashMap<>();
        url.catalog().ifPresent(catalog -> requested.put(CATALOG, catalog));
        url.schema().ifPresent(schema -> requested.put(SCHEMA, schema));
        for (Map.Entry<String, String> parameter : url.parameters().entrySet()) {
            merge(requested, parameter.getKey(), parameter.getValue());
        }
        for (String key : info.stringPropertyNames()) {
            String value = info.getProperty(key);
            if (value.isEmpty() && (key.equals(USER) || key.equals(PASSWORD))) {
                continue;
            }
            merge(requested, key, value);
        }
        for (String derived : new String[] {URL, FACTORY}) {
            if (requested.containsKey(derived)) {
                throw ConnectionErrors.invalidSetting("'" + derived + "' is derived by the driver and cannot be set");
            }
        }

        boolean ssl = parseSsl(requested.remove(SSL));
        Serialization serialization = parseSerialization(requested.remove(SERIALIZATION));
        String user = requested.get(USER);
        String password = requested.remove(PASSWORD);

        Properties avatica = new Properties();
        Map<String, String> server = new LinkedHashMap<>();
        requested.forEach((key, value) -> {
            if (AVATICA_CLIENT_KEYS.contains(key)) {
                avatica.setProperty(key, value);
            }
            if (!AVATICA_CLIENT_KEYS.contains(key) || key.equals(TIME_ZONE)) {
                server.put(key, value);
            }
        });
        // This driver reads TIMESTAMP values as microseconds (EpochTimestampAccessor); other Avatica clients get
        // milliseconds, the unit they read.
        server.putIfAbsent(TIMESTAMP_UNIT, "micros");
        avatica.setProperty(URL, (ssl ? "https://" : "http://") + url.address());
        avatica.setProperty(SERIALIZATION, serialization.name());
        avatica.setProperty(FACTORY, AqueductServiceFactory.class.getName());
        avatica.putIfAbsent(HTTP_CLIENT, PerRequestContextHttpClient.class.getName());
        avatica.putIfAbsent(FETCH_SIZE, SERVER_SIZED_FRAMES);
        // Avatica's own credential keys, when given, win like an explicit authentication scheme does.
        String avaticaUser = BuiltInConnectionProperty.AVATICA_USER.camelName();
        String avaticaPassword = BuiltInConnectionProperty.AVATICA_PASSWORD.camelName();
        if (user != null) {
            avatica.putIfAbsent(avaticaUser, user);
        }
        if (password != null) {
            avatica.putIfAbsent(avaticaPassword, password);
        }
        if (avatica.containsKey(avaticaUser) && avatica.containsKey(avaticaPassword)) {
            avatica.putIfAbsent(BuiltInConnectionProperty.AUTHENTICATION.camelName(), AuthenticationType.BASIC.name());
        }
        return new ConnectionSettings(
                url.address(),
                Optional.ofNullable(avatica.getProperty(avaticaUser)),
                avatica.containsKey(avaticaPassword),
                avatica,
                server);
    }

    /** Host and port, for messages. */
    String address() {
        return address;
    }

    /** The user the client names, for messages. */
    Optional<String> user() {
        return user;
    }

    /** Whether the client gave a password, for messages (never the password). */
    boolean passwordGiven() {
        return passwordGiven;
    }

    /** Configuration of the Avatica client; a fresh copy on each call. */
    Properties avaticaProperties() {
        Properties copy = new Properties();
        copy.putAll(avaticaProperties);
        return copy;
    }

    /** What the server receives as the connection's info map in OpenConnection. */
    Map<String, String> serverProperties() {
        return serverProperties;
    }

    private static void merge(Map<String, String> requested, String key, String value) throws SQLException {
        String previous = requested.putIfAbsent(key, value);
        if (previous != null && !previous.equals(value)) {
            throw ConnectionErrors.invalidSetting("'" + key + "' is given twice with different values");
        }
    }

    private static boolean parseSsl(String value) throws SQLException {
        if (value == null || value.equalsIgnoreCase("false")) {
            return false;
        }
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        throw ConnectionErrors.invalidSetting("'" + SSL + "' must be true or false, not '" + value + "'");
    }

    private static Serialization parseSerialization(String value) throws SQLException {
        if (value == null) {
            return Serialization.PROTOBUF;
        }
        try {
            return Serialization.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ConnectionErrors.invalidSetting(
                    "'" + SERIALIZATION + "' must be PROTOBUF or JSON, not '" + value + "'");
        }
    }
}
