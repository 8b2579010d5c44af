package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.type.RowType;
import java.sql.Types;
import java.util.List;
import org.apache.calcite.avatica.MetaImpl;
import org.junit.jupiter.api.Test;

class TestCatalogMetadata {
    private static final SystemColumns<String> COLUMNS = SystemColumns.<String>builder()
            .varchar("query_id", id -> id)
            .bigint("rows", id -> 1L)
            .build();

    private final CatalogMetadata metadata = new CatalogMetadata(
            ConnectorRegistry.builtIn(), SystemTables.of(List.of(table("queries"), table("tasks"))));

    @Test
    void systemCatalogAndSchema() {
        assertThat(metadata.catalogs()).extracting(catalog -> catalog.tableCat).contains("tpch", "system");
        assertThat(metadata.schemas(null, "sys"))
                .extracting(schema -> schema.tableCatalog + "." + schema.tableSchem)
                .containsExactly("system.sys");
        assertThat(metadata.schemas("tpch", "%"))
                .extracting(schema -> schema.tableSchem)
                .doesNotContain("sys");
    }

    @Test
    void systemTablesHaveTheirOwnType() {
        assertThat(metadata.tables(null, "sys", "%", null))
                .extracting(table -> List.of(table.tableCat, table.tableSchem, table.tableName, table.tableType))
                .containsExactly(
                        List.of("system", "sys", "queries", "SYSTEM TABLE"),
                        List.of("system", "sys", "tasks", "SYSTEM TABLE"));
        assertThat(metadata.tables(null, "sys", "%", List.of("TABLE"))).isEmpty();
        assertThat(metadata.tables(null, "%", "%", List.of("SYSTEM TABLE")))
                .extracting(table -> table.tableName)
                .containsExactly("queries", "tasks");
        assertThat(metadata.tables("tpch", "tiny", "%", List.of("TABLE")))
                .extracting(table -> table.tableName)
                .contains("lineitem", "nation")
                .doesNotContain("queries");
        assertThat(metadata.tableTypes()).extracting(type -> type.tableType).containsExactly("SYSTEM TABLE", "TABLE");
    }

    @Test
    void systemTableColumns() {
        List<MetaImpl.MetaColumn> columns = metadata.columns("system", "sys", "tasks", "%");

        assertThat(columns)
                .extracting(column -> List.of(
                        column.tableCat,
                        column.tableSchem,
                        column.tableName,
                        column.columnName,
                        column.dataType,
                        column.ordinalPosition))
                .containsExactly(
                        List.of("system", "sys", "tasks", "query_id", Types.VARCHAR, 1),
                        List.of("system", "sys", "tasks", "rows", Types.BIGINT, 2));
    }

    @Test
    void withoutSystemTablesThereIsNoSystemCatalog() {
        CatalogMetadata plain = new CatalogMetadata(ConnectorRegistry.builtIn(), SystemTables.empty());

        assertThat(plain.catalogs()).extracting(catalog -> catalog.tableCat).doesNotContain("system");
        assertThat(plain.schemas(null, "sys")).isEmpty();
        assertThat(plain.tableTypes()).extracting(type -> type.tableType).containsExactly("TABLE");
    }

    private static SystemTable<Object> table(String name) {
        return new SystemTable<>() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RowType columns() {
                return COLUMNS.rowType();
            }

            @Override
            public List<List<Object>> rows(Object context, SystemScan scan) {
                return COLUMNS.rows(List.of("q"));
            }
        };
    }
}
