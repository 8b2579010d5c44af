package io.aqueduct.jdbc;

/**
 * Every statement the driver runs on its own, against the server's {@code sys} and
 * {@code information_schema} tables (which the coordinator answers itself, without registering them
 * as queries); their texts live here only. Each is prepared once per connection, on first use.
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
    FINAL_PLAN_JSON("SELECT final_plan_json FROM sys.queries WHERE query_id = ?"),
    /**
     * The primary key columns of the tables of one name, in any catalog and schema; parameter: table
     * name. Columns: catalog, schema, table, column, position in the key, key name.
     */
    PRIMARY_KEYS("SELECT k.table_catalog, k.table_schema, k.table_name, k.column_name, k.ordinal_position,"
            + " k.constraint_name FROM information_schema.key_column_usage k"
            + " JOIN information_schema.table_constraints c ON c.constraint_catalog = k.constraint_catalog"
            + " AND c.constraint_schema = k.constraint_schema AND c.constraint_name = k.constraint_name"
            + " WHERE c.constraint_type = 'PRIMARY KEY' AND k.table_name = ?");

    private final String sql;

    SystemQuery(String sql) {
        this.sql = sql;
    }

    String sql() {
        return sql;
    }
}
