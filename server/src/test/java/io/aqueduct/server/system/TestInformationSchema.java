package io.aqueduct.server.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.transport.ClusterSecret;
import io.aqueduct.server.transport.WorkerClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TestInformationSchema {
    private final WorkerClient client = new WorkerClient(new ClusterSecret("test-secret"));
    private final SystemTables<SystemContext> tables =
            SystemSchema.tables(ConnectorRegistry.builtIn(), () -> List.of(), client, new QueryRegistry(10, 1 << 20));
    private final SystemContext context = new SystemContext(SettingValues.defaults());

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void informationSchemaIsASchemaOfTheSystemCatalog() {
        assertThat(tables.schemas()).containsExactly(SystemTables.SCHEMA, SystemTables.INFORMATION_SCHEMA);
        assertThat(tables.tables(SystemTables.INFORMATION_SCHEMA))
                .extracting(SystemTable::name)
                .containsExactly("schemata", "tables", "columns", "views", "table_constraints", "key_column_usage");
    }

    @Test
    void schemataCoverEveryCatalogIncludingTheSystemOne() {
        assertThat(rows("schemata").stream().map(row -> row.subList(0, 2)))
                .contains(
                        List.of("tpch", "tiny"),
                        List.of(SystemTables.CATALOG, SystemTables.SCHEMA),
                        List.of(SystemTables.CATALOG, SystemTables.INFORMATION_SCHEMA));
    }

    @Test
    void tablesListConnectorAndSystemTablesWithStandardTypes() {
        assertThat(rows("tables").stream().map(row -> row.subList(0, 4)))
                .contains(
                        List.of("tpch", "tiny", "nation", "BASE TABLE"),
                        List.of("system", "sys", "queries", "SYSTEM TABLE"),
                        List.of("system", "information_schema", "tables", "SYSTEM TABLE"));
    }

    @Test
    void columnsDescribeTypesAsJdbcMetadataDoes() {
        List<List<Object>> orderColumns = rows("columns").stream()
                .filter(row -> row.subList(0, 3).equals(List.of("tpch", "tiny", "orders")))
                .toList();
        assertThat(orderColumns)
                .anySatisfy(row -> assertThat(row.subList(3, row.size()))
                        .containsExactly("o_totalprice", 4, null, "YES", "DECIMAL", null, 15, 10, 2))
                .anySatisfy(row -> assertThat(row.subList(3, row.size()))
                        .containsExactly(
                                "o_orderstatus", 3, null, "YES", "VARCHAR", Integer.MAX_VALUE, null, null, null));
    }

    @Test
    void keysAreTheConnectorsUniqueKeysTheFirstOfThemPrimary() {
        assertThat(rows("table_constraints").stream().map(row -> row.subList(2, 7)))
                .contains(List.of("lineitem_pk", "tpch", "tiny", "lineitem", "PRIMARY KEY"));
        assertThat(rows("key_column_usage").stream()
                        .filter(row -> row.subList(3, 6).equals(List.of("tpch", "tiny", "lineitem")))
                        .map(row -> row.subList(6, 8)))
                .containsExactly(List.of("l_orderkey", 1), List.of("l_linenumber", 2));
    }

    @Test
    void thereAreNoViews() {
        assertThat(rows("views")).isEmpty();
    }

    private List<List<Object>> rows(String table) {
        return tables.table(table).orElseThrow().rows(context, SystemScan.all(table));
    }
}
