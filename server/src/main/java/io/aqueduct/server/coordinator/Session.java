package io.aqueduct.server.coordinator;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.sql.SessionValues;
import io.aqueduct.server.cli.Version;
import io.aqueduct.server.security.AuthenticatedUserHandler;
import io.aqueduct.server.system.SystemContext;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;

/**
 * What a JDBC connection sets for its queries: its user (the one HTTP BASIC authenticated when the
 * endpoint requires it, else the one it names, unauthenticated, for the record),
 * default catalog and schema, the engine settings in force (server defaults, overridden by
 * connection properties, overridden by {@code SET}), and the time zone of CURRENT_TIMESTAMP and its
 * kin: the {@code timeZone} connection property (Avatica's own name, which its client also reads), else
 * UTC. {@code seesAllQueries}: whether the user may read every user's queries in the sys tables, true
 * for an administrator (the {@code admin} role in the user file) and on an endpoint without authentication.
 * {@code timestampUnit}: how its results carry TIMESTAMP values ({@link TimestampUnit}).
 */
record Session(
        String user,
        String catalog,
        String schema,
        SettingValues settings,
        ZoneId timeZone,
        boolean seesAllQueries,
        TimestampUnit timestampUnit) {
    static final String DEFAULT_CATALOG = "tpch";
    static final String DEFAULT_SCHEMA = "tiny";
    /** What VERSION() reads. */
    private static final String SERVER_VERSION = "Aqueduct " + Version.current();

    /** Avatica hands an empty property map over as {@code null}. */
    static Session fromConnectionProperties(Map<String, String> info, SettingValues serverDefaults) {
        Map<String, String> properties = info == null ? Map.of() : info;
        String catalog = nonBlank(properties.get("catalog"), DEFAULT_CATALOG);
        String schema = nonBlank(properties.get("schema"), DEFAULT_SCHEMA);
        Optional<String> authenticated = AuthenticatedUserHandler.current();
        String user = authenticated.orElse(nonBlank(properties.get("user"), ""));
        ZoneId timeZone = timeZone(properties.get("timeZone"));
        boolean seesAllQueries = authenticated.isEmpty() || AuthenticatedUserHandler.currentIsAdministrator();
        return new Session(
                user,
                catalog,
                schema,
                serverDefaults.withAll(properties),
                timeZone,
                seesAllQueries,
                TimestampUnit.fromProperty(properties.get(TimestampUnit.PROPERTY)));
    }

    Session withSettings(SettingValues newSettings) {
        return new Session(user, catalog, schema, newSettings, timeZone, seesAllQueries, timestampUnit);
    }

    /** What the session's CURRENT_USER, CURRENT_CATALOG, CURRENT_SCHEMA and VERSION() read. */
    SessionValues values() {
        return new SessionValues(user, catalog, schema, SERVER_VERSION);
    }

    /** What the session's queries tell the system tables they read. */
    SystemContext systemContext() {
        return new SystemContext(settings, seesAllQueries ? Optional.empty() : Optional.of(user));
    }

    private static ZoneId timeZone(String name) {
        if (name == null || name.isBlank()) {
            return ZoneOffset.UTC;
        }
        try {
            return ZoneId.of(name.trim());
        } catch (DateTimeException e) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "Unknown time zone in property timeZone: " + name);
        }
    }

    private static String nonBlank(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
