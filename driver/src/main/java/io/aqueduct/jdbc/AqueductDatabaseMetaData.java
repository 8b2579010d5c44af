package io.aqueduct.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;
import org.apache.calcite.avatica.Meta;

/**
 * The driver's {@link DatabaseMetaData}. Catalogs, schemas, tables, table types, type info and
 * columns come from the server as Avatica asks for them; every other result set is answered here, in
 * its {@link MetadataLayout JDBC layout}: primary keys from {@code information_schema}, the
 * built-in functions the server reports; the engine has no procedures, foreign keys, indexes,
 * privileges or user-defined types, so those are empty.
 */
final class AqueductDatabaseMetaData extends AvaticaDatabaseMetaData {
    private final AqueductAvaticaConnection connection;

    AqueductDatabaseMetaData(AqueductAvaticaConnection connection) {
        super(connection);
        this.connection = connection;
    }

    /** The server's version; Avatica's client would report the driver's. */
    @Override
    public String getDatabaseProductVersion() {
        return String.valueOf(connection.serverProperty(Meta.DatabaseProperty.GET_DATABASE_PRODUCT_VERSION));
    }

    @Override
    public int getDatabaseMajorVersion() {
        return (Integer) connection.serverProperty(Meta.DatabaseProperty.GET_DATABASE_MAJOR_VERSION);
    }

    @Override
    public int getDatabaseMinorVersion() {
        return (Integer) connection.serverProperty(Meta.DatabaseProperty.GET_DATABASE_MINOR_VERSION);
    }

    // Result sets are forward-only and read-only: no change to their rows is visible or detected. Avatica's client
    // threw a RuntimeException ("todo") from these.

    @Override
    public boolean ownUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean updatesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean deletesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean insertsAreDetected(int type) {
        return false;
    }

    /** The one holdability a result set has: there are no transactions to commit under it. */
    @Override
    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == getResultSetHoldability();
    }

    private ResultSet empty(MetadataLayout layout) throws SQLException {
        return connection.localResultSet(layout, List.of());
    }

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern)
            throws SQLException {
        return empty(MetadataLayout.PROCEDURES);
    }

    @Override
    public ResultSet getProcedureColumns(
            String catalog, String schemaPattern, String procedureNamePattern, String columnNamePattern)
            throws SQLException {
        return empty(MetadataLayout.PROCEDURE_COLUMNS);
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern)
            throws SQLException {
        return empty(MetadataLayout.COLUMN_PRIVILEGES);
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern)
            throws SQLException {
        return empty(MetadataLayout.TABLE_PRIVILEGES);
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
            throws SQLException {
        return empty(MetadataLayout.BEST_ROW_IDENTIFIER);
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
        return empty(MetadataLayout.VERSION_COLUMNS);
    }

    /** The connector's first unique key, from {@code information_schema.key_column_usage}. */
    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        return connection.localResultSet(MetadataLayout.PRIMARY_KEYS, connection.primaryKeys(catalog, schema, table));
    }

    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
        return empty(MetadataLayout.IMPORTED_KEYS);
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
        return empty(MetadataLayout.IMPORTED_KEYS);
    }

    @Override
    public ResultSet getCrossReference(
            String parentCatalog,
            String parentSchema,
            String parentTable,
            String foreignCatalog,
            String foreignSchema,
            String foreignTable)
            throws SQLException {
        return empty(MetadataLayout.IMPORTED_KEYS);
    }

    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        return empty(MetadataLayout.INDEX_INFO);
    }

    @Override
    public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types)
            throws SQLException {
        return empty(MetadataLayout.UDTS);
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) throws SQLException {
        return empty(MetadataLayout.SUPER_TYPES);
    }

    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) throws SQLException {
        return empty(MetadataLayout.SUPER_TABLES);
    }

    @Override
    public ResultSet getAttributes(
            String catalog, String schemaPattern, String typeNamePattern, String attributeNamePattern)
            throws SQLException {
        return empty(MetadataLayout.ATTRIBUTES);
    }

    @Override
    public ResultSet getClientInfoProperties() throws SQLException {
        return empty(MetadataLayout.CLIENT_INFO_PROPERTIES);
    }

    @Override
    public ResultSet getFunctionColumns(
            String catalog, String schemaPattern, String functionNamePattern, String columnNamePattern)
            throws SQLException {
        return empty(MetadataLayout.FUNCTION_COLUMNS);
    }

    @Override
    public ResultSet getPseudoColumns(
            String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
            throws SQLException {
        return empty(MetadataLayout.PSEUDO_COLUMNS);
    }

    /**
     * The built-in functions, in no catalog or schema: asked for a catalog or a schema, there are
     * none. Ordered by name, as the javadoc orders them.
     */
    @Override
    public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern)
            throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        if (isEmptyOrNull(catalog) && (schemaPattern == null || schemaPattern.isEmpty() || schemaPattern.equals("%"))) {
            List<String[]> functions = new ArrayList<>();
            addFunctions(functions, getNumericFunctions(), "numeric function");
            addFunctions(functions, getStringFunctions(), "string function");
            addFunctions(functions, getSystemFunctions(), "system function");
            addFunctions(functions, getTimeDateFunctions(), "date and time function");
            functions.sort((a, b) -> a[0].compareTo(b[0]));
            for (String[] function : functions) {
                if (matches(functionNamePattern, function[0])) {
                    rows.add(java.util.Arrays.asList(
                            null,
                            null,
                            function[0],
                            function[1],
                            (short) DatabaseMetaData.functionNoTable,
                            function[0]));
                }
            }
        }
        return connection.localResultSet(MetadataLayout.FUNCTIONS, rows);
    }

    private static void addFunctions(List<String[]> functions, String names, String remarks) {
        for (String name : names.split(",")) {
            if (!name.isBlank()) {
                functions.add(new String[] {name.trim(), remarks});
            }
        }
    }

    private static boolean isEmptyOrNull(String value) {
        return value == null || value.isEmpty();
    }

    /** JDBC pattern match, case-insensitive as names are: {@code %}, {@code _} and {@code \} escapes. */
    private static boolean matches(String pattern, String name) {
        if (pattern == null) {
            return true;
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE)
                .matcher(name.toUpperCase(Locale.ROOT))
                .matches();
    }

    /** Queries read; nothing is written in a transaction: the only level is {@code TRANSACTION_NONE}. */
    @Override
    public boolean supportsTransactions() {
        return false;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Connection.TRANSACTION_NONE;
    }

    @Override
    public int getDefaultTransactionIsolation() {
        return Connection.TRANSACTION_NONE;
    }

    @Override
    public RowIdLifetime getRowIdLifetime() {
        return RowIdLifetime.ROWID_UNSUPPORTED;
    }
}
