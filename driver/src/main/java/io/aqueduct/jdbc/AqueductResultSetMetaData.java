package io.aqueduct.jdbc;

import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaResultSetMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

/**
 * Avatica's result set metadata, with the catalog, schema and table of a column that reads no table as it is (a
 * computed column) the empty string, as JDBC asks where a name does not apply: Avatica's wire format carries an empty
 * name as none, and some tools fail on a null.
 */
final class AqueductResultSetMetaData extends AvaticaResultSetMetaData {
    AqueductResultSetMetaData(AvaticaStatement statement, Meta.Signature signature) {
        super(statement, null, signature);
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        return orEmpty(super.getCatalogName(column));
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        return orEmpty(super.getSchemaName(column));
    }

    @Override
    public String getTableName(int column) throws SQLException {
        return orEmpty(super.getTableName(column));
    }

    private static String orEmpty(String name) {
        return name == null ? "" : name;
    }
}
