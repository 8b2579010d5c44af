package io.aqueduct.core.sql;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Exposes connectors to Calcite as a three-level tree: catalog, schema, table. System tables are
 * schemas ({@code sys}, {@code information_schema}) of catalog {@code system}, and the same schemas
 * also hang from the root, so that {@code sys.<table>} resolves whatever the session's default catalog. The root
 * also holds other dialects' names of types.
 */
final class CatalogSchemas {
    /**
     * Type names of other dialects that CAST and {@code ::} take, as types of the root schema: PostgreSQL's TEXT, INT2,
     * INT4, INT8, FLOAT4, FLOAT8 and BOOL, and STRING (DuckDB, Spark, BigQuery). Lower case, as the parser folds them.
     */
    private static final Map<String, SqlTypeName> TYPE_ALIASES = Map.of(
            "text", SqlTypeName.VARCHAR,
            "string", SqlTypeName.VARCHAR,
            "int2", SqlTypeName.SMALLINT,
            "int4", SqlTypeName.INTEGER,
            "int8", SqlTypeName.BIGINT,
            "float4", SqlTypeName.REAL,
            "float8", SqlTypeName.DOUBLE,
            "bool", SqlTypeName.BOOLEAN);

    private CatalogSchemas() {}

    static CalciteSchema rootSchema(Iterable<Connector> connectors, SystemTables<?> systemTables) {
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        for (Connector connector : connectors) {
            checkArgument(
                    systemTables.isEmpty()
                            || !(connector.name().equals(SystemTables.CATALOG)
                                    || systemTables.schemas().contains(connector.name())),
                    "catalog name %s is reserved for system tables",
                    connector.name());
            root.add(connector.name(), new CatalogSchema(connector));
        }
        if (!systemTables.isEmpty()) {
            Map<String, Schema> schemas = new LinkedHashMap<>();
            for (String schema : systemTables.schemas()) {
                SystemSchema tables = new SystemSchema(systemTables.tables(schema));
                schemas.put(schema, tables);
                root.add(schema, tables);
            }
            root.add(SystemTables.CATALOG, new SystemCatalogSchema(schemas));
        }
        TYPE_ALIASES.forEach((name, type) -> root.add(name, typeFactory -> typeFactory.createSqlType(type)));
        return root;
    }

    private static final class CatalogSchema extends AbstractSchema {
        private final Connector connector;

        CatalogSchema(Connector connector) {
            this.connector = connector;
        }

        @Override
        protected Map<String, Schema> getSubSchemaMap() {
            Map<String, Schema> schemas = new LinkedHashMap<>();
            for (String schema : connector.schemaNames()) {
                schemas.put(schema, new TableSchema(connector, schema));
            }
            return schemas;
        }
    }

    private static final class TableSchema extends AbstractSchema {
        private final Connector connector;
        private final String schema;

        TableSchema(Connector connector, String schema) {
            this.connector = connector;
            this.schema = schema;
        }

        @Override
        protected Map<String, Table> getTableMap() {
            Map<String, Table> tables = new LinkedHashMap<>();
            for (TableDefinition table : connector.tables(schema)) {
                tables.put(
                        table.name(),
                        new ConnectorTable(
                                connector.name(),
                                schema,
                                table,
                                connector.statistics(schema, table.name()),
                                connector.uniqueKeys(schema, table.name()),
                                connector.columnStatistics(schema, table.name())));
            }
            return tables;
        }
    }

    private static final class SystemCatalogSchema extends AbstractSchema {
        private final Map<String, Schema> schemas;

        SystemCatalogSchema(Map<String, Schema> schemas) {
            this.schemas = schemas;
        }

        @Override
        protected Map<String, Schema> getSubSchemaMap() {
            return schemas;
        }
    }

    private static final class SystemSchema extends AbstractSchema {
        private final Map<String, Table> tables = new LinkedHashMap<>();

        SystemSchema(List<? extends SystemTable<?>> systemTables) {
            for (SystemTable<?> table : systemTables) {
                tables.put(table.name(), ConnectorTable.system(table));
            }
        }

        @Override
        protected Map<String, Table> getTableMap() {
            return tables;
        }
    }
}
