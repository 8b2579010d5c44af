package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import org.junit.jupiter.api.Test;

class TestShowStatements {
    @Test
    void namesDefaultToTheSessionsCatalogAndSchema() {
        assertThat(ShowStatements.parse("SHOW TABLES", "tpch", "tiny"))
                .get()
                .extracting(ShowStatements.ShowQuery::sql)
                .asString()
                .contains("table_catalog = 'tpch' AND table_schema = 'tiny'");
        assertThat(ShowStatements.parse("show schemas", "tpch", "tiny"))
                .get()
                .extracting(ShowStatements.ShowQuery::sql)
                .asString()
                .contains("catalog_name = 'tpch'");
        assertThat(ShowStatements.parse("DESCRIBE nation", "tpch", "tiny"))
                .get()
                .extracting(ShowStatements.ShowQuery::sql)
                .asString()
                .contains("table_catalog = 'tpch' AND table_schema = 'tiny' AND table_name = 'nation'");
    }

    @Test
    void qualifiedNamesAndPatternsNarrowTheListing() {
        assertThat(ShowStatements.parse("show tables from skew.HOT like 'f%'", "tpch", "tiny"))
                .get()
                .extracting(ShowStatements.ShowQuery::sql)
                .asString()
                .contains("table_catalog = 'skew' AND table_schema = 'hot' AND table_name LIKE 'f%'");
        assertThat(ShowStatements.parse("SHOW COLUMNS IN \"My\"\"Cat\".s.\"T\"", "tpch", "tiny"))
                .get()
                .extracting(ShowStatements.ShowQuery::sql)
                .asString()
                .contains("table_catalog = 'My\"Cat' AND table_schema = 's' AND table_name = 'T'");
        assertThat(ShowStatements.parse("show catalogs like 't%'", "tpch", "tiny"))
                .get()
                .extracting(ShowStatements.ShowQuery::sql)
                .asString()
                .contains("WHERE catalog_name LIKE 't%'");
        assertThat(ShowStatements.parse("SHOW TABLES IN \"it's\"", "tpch", "tiny"))
                .get()
                .extracting(ShowStatements.ShowQuery::sql)
                .asString()
                .contains("table_schema = 'it''s'");
    }

    @Test
    void eachNamesWhatItLists() {
        assertThat(ShowStatements.parse("SHOW CATALOGS", "tpch", "tiny")
                        .orElseThrow()
                        .subject())
                .isEmpty();
        assertThat(ShowStatements.parse("SHOW SCHEMAS FROM skew", "tpch", "tiny")
                        .orElseThrow()
                        .subject())
                .containsExactly("skew");
        assertThat(ShowStatements.parse("SHOW TABLES", "tpch", "tiny")
                        .orElseThrow()
                        .subject())
                .containsExactly("tpch", "tiny");
        assertThat(ShowStatements.parse("DESC sf1.Orders", "tpch", "tiny")
                        .orElseThrow()
                        .subject())
                .containsExactly("tpch", "sf1", "orders");
    }

    @Test
    void otherStatementsAreNotTheirs() {
        assertThat(ShowStatements.parse("SHOW SETTINGS", "tpch", "tiny")).isEmpty();
        assertThat(ShowStatements.parse("SELECT * FROM describe_me", "tpch", "tiny"))
                .isEmpty();
        assertThat(ShowStatements.parse("SHOW TABLES garbage", "tpch", "tiny")).isEmpty();
        assertThatThrownBy(() -> ShowStatements.parse("SHOW TABLES FROM a.b.c", "tpch", "tiny"))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("catalog.schema");
    }
}
