package io.aqueduct.server.coordinator;

import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.server.security.AuthenticatedUserHandler;
import java.util.Map;

/**
 * What a JDBC connection sets for its queries: its user (the one HTTP BASIC authenticated when the
 * endpoint requires it, else the one it names, unauthenticated, for the record),
 * default catalog and schema, and the engine settings in force (server defaults, overridden by
 * connection properties, overridden by {@code SET}).
 */
record Session(String user, String catalog, String schema, SettingValues settings) {
    static final String DEFAULT_CATALOG = "tpch";
    static final String DEFAULT_SCHEMA = "tiny";

    /** Avatica hands an empty property map over as {@code null}. */
    static Session fromConnectionProperties(Map<String, String> info, SettingValues serverDefaults) {
        Map<String, String> properties = info == null ? Map.of() : info;
        String catalog = nonBlank(properties.get("catalog"), DEFAULT_CATALOG);
        String schema = nonBlank(properties.get("schema"), DEFAULT_SCHEMA);
        String user = AuthenticatedUserHandler.current().orElse(nonBlank(properties.get("user"), ""));
        return new Session(user, catalog, schema, serverDefaults.withAll(properties));
    }

    Session withSettings(SettingValues newSettings) {
        return new Session(user, catalog, schema, newSettings);
    }

    private static String nonBlank(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
