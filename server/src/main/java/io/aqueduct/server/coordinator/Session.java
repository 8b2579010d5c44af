package io.aqueduct.server.coordinator;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Map;

/** What a JDBC connection sets for its queries: default catalog and schema, and its properties. */
record Session(String catalog, String schema, Map<String, String> properties) {
    static final String DEFAULT_CATALOG = "tpch";
    static final String DEFAULT_SCHEMA = "tiny";
    static final String BROADCAST_MAX_BYTES = "distributed.broadcast_max_bytes";

    /** Avatica hands an empty property map over as {@code null}. */
    static Session fromConnectionProperties(Map<String, String> info) {
        if (info == null) {
            info = Map.of();
        }
        String catalog = nonBlank(info.get("catalog"), DEFAULT_CATALOG);
        String schema = nonBlank(info.get("schema"), DEFAULT_SCHEMA);
        return new Session(catalog, schema, Map.copyOf(info));
    }

    /** The session's {@code distributed.broadcast_max_bytes}, or {@code serverDefault} when unset. */
    long broadcastMaxBytes(long serverDefault) {
        String value = properties.get(BROADCAST_MAX_BYTES);
        if (value == null) {
            return serverDefault;
        }
        try {
            long bytes = Long.parseLong(value.trim());
            if (bytes >= 0) {
                return bytes;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new AqueductException(
                ErrorCode.INVALID_ARGUMENT, BROADCAST_MAX_BYTES + " must be a number of bytes >= 0: '" + value + "'");
    }

    private static String nonBlank(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
