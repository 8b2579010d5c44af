package io.aqueduct.server.coordinator;

import java.util.Map;

/** What a JDBC connection sets for its queries: default catalog and schema, and its properties. */
record Session(String catalog, String schema, Map<String, String> properties) {
    static final String DEFAULT_CATALOG = "tpch";
    static final String DEFAULT_SCHEMA = "tiny";

    /** Avatica hands an empty property map over as {@code null}. */
    static Session fromConnectionProperties(Map<String, String> info) {
        if (info == null) {
            info = Map.of();
        }
        String catalog = nonBlank(info.get("catalog"), DEFAULT_CATALOG);
        String schema = nonBlank(info.get("schema"), DEFAULT_SCHEMA);
        return new Session(catalog, schema, Map.copyOf(info));
    }

    private static String nonBlank(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
