package io.aqueduct.core.sql;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.TableDefinition;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/** Exposes connectors to Calcite as a three-level tree: catalog, schema, table. */
final class CatalogSchemas {
    private CatalogSchemas() {}

    static CalciteSchema rootSchema(Iterable<Connector> connectors) {
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        for (Connector connector : connectors) {
            root.add(connector.name(), new CatalogSchema(connector));
        }
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
                                connector.uniqueKeys(schema, table.name())));
            }
            return tables;
        }
    }
}
