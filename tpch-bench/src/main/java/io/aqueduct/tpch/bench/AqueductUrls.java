package io.aqueduct.tpch.bench;

/** Builds the JDBC URL of a schema (a TPC-H scale factor's, or any) from a coordinator URL as {@code serve} prints it. */
final class AqueductUrls {
    private static final String PREFIX = "jdbc:aqueduct://";

    private AqueductUrls() {}

    /**
     * {@code jdbc:aqueduct://host:port[?settings]} becomes {@code jdbc:aqueduct://host:port/tpch/<schema>[?settings]}.
     */
    static String schemaUrl(String coordinatorUrl, ScaleFactor scaleFactor) {
        return schemaUrl(coordinatorUrl, "tpch", scaleFactor.schema());
    }

    /**
     * {@code jdbc:aqueduct://host:port[?settings]} becomes {@code jdbc:aqueduct://host:port/<catalog>/<schema>[?settings]}.
     */
    static String schemaUrl(String coordinatorUrl, String catalog, String schema) {
        int query = coordinatorUrl.indexOf('?');
        String address = query < 0 ? coordinatorUrl : coordinatorUrl.substring(0, query);
        String settings = query < 0 ? "" : coordinatorUrl.substring(query);
        if (address.endsWith("/")) {
            address = address.substring(0, address.length() - 1);
        }
        if (!address.startsWith(PREFIX) || address.indexOf('/', PREFIX.length()) >= 0) {
            throw new IllegalArgumentException(
                    "Expected a coordinator URL like jdbc:aqueduct://localhost:8765 (the bench picks the schema): "
                            + coordinatorUrl);
        }
        return address + "/" + catalog + "/" + schema + settings;
    }
}
