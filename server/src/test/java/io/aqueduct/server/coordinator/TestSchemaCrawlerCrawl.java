package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.Column;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSource;
import us.fatehi.utility.datasource.DatabaseConnectionSources;
import us.fatehi.utility.datasource.MultiUseUserCredentials;

/** SchemaCrawler's maximum crawl through the driver: every metadata call it makes must succeed. */
class TestSchemaCrawlerCrawl {
    @Test
    void maximumCrawlSeesEveryCatalog() throws Exception {
        try (CoordinatorEndpoint endpoint = new CoordinatorEndpoint()) {
            DatabaseConnectionSource connections = DatabaseConnectionSources.newDatabaseConnectionSource(
                    endpoint.jdbcUrl(), new MultiUseUserCredentials("", ""));
            SchemaCrawlerOptions options = SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
                    .withLimitOptions(LimitOptionsBuilder.builder()
                            .tableTypes("TABLE", "SYSTEM TABLE")
                            .toOptions())
                    .withLoadOptions(LoadOptionsBuilder.builder()
                            .withSchemaInfoLevel(SchemaInfoLevelBuilder.maximum())
                            .toOptions());
            try {
                Catalog catalog = SchemaCrawlerUtility.getCatalog(connections, options);

                List<String> tables = catalog.getTables().stream()
                        .map(TestSchemaCrawlerCrawl::name)
                        .toList();
                assertThat(tables)
                        .contains("tpch.tiny.nation", "system.sys.queries", "system.information_schema.columns");
                Table nation = catalog.getTables().stream()
                        .filter(table -> name(table).equals("tpch.tiny.nation"))
                        .findFirst()
                        .orElseThrow();
                assertThat(nation.getColumns())
                        .extracting(Column::getName)
                        .containsExactly("n_nationkey", "n_name", "n_regionkey", "n_comment");
                assertThat(nation.getColumns().get(0).getColumnDataType().getName())
                        .isEqualTo("BIGINT");
                assertThat(catalog.getColumnDataTypes()).isNotEmpty();
                assertThat(catalog.getDatabaseInfo().getProductVersion()).isEqualTo(CoordinatorEndpoint.VERSION);
            } finally {
                connections.close();
            }
        }
    }

    /** Catalog, schema and table, unquoted (SchemaCrawler quotes keywords such as {@code system}). */
    private static String name(Table table) {
        return table.getFullName().replace("\"", "");
    }
}
