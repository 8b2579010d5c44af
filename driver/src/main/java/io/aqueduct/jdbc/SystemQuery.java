package io.aqueduct.jdbc;

/**
 * Every statement the driver runs on its own, against the server's {@code sys} tables; their texts
 * live here only. Each is prepared once per connection, on first use.
 */
enum SystemQuery {
    /**
     * The query a statement ran last; parameters: connection id, statement id (Avatica's handles).
     * Query ids sort by time, so they order queries that started in the same instant.
     */
    LATEST_QUERY_ID_OF_STATEMENT("SELECT query_id FROM sys.queries WHERE connection_id = ? AND statement_id = ?"
            + " ORDER BY start_time DESC, query_id DESC LIMIT 1"),
    /** The final plan's text; parameter: query id. */
    FINAL_PLAN("SELECT final_plan FROM sys.queries WHERE query_id = ?"),
    /** The final plan's JSON document; parameter: query id. */
    FINAL_PLAN_JSON("SELECT final_plan_json FROM sys.queries WHERE query_id = ?");

    private final String sql;

    SystemQuery(String sql) {
        this.sql = sql;
    }

    String sql() {
        return sql;
    }
}
