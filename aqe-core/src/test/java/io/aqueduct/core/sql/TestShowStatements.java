package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import org.junit.jupiter.api.Test;

class TestShowStatements {
    @Test
    void namesDefaultToTheSessionsCatalogAndSchema() {
        assertThat(ShowStatements.asQuery("SHOW TABLES", "tpch", "tiny"))
                .get()
                .asString()
                .contains("table_catalog = 'tpch' AND table_schema = 'tiny'");
        assertThat(ShowStatements.asQuery("show schemas", "tpch", "tiny"))
                .get()
                .asString()
                .contains("catalog_name = 'tpch'");
        assertThat(ShowStatements.asQuery("DESCRIBE nation", "tpch", "tiny"))
                .get()
                .asString()
                .contains("table_catalog = 'tpch' AND table_schema = 'tiny' AND table_name = 'nation'");
    }

    @Test
    void qualifiedNamesAndPatternsNarrowTheListing() {
        assertThat(ShowStatements.asQuery("show tables from skew.HOT like 'f%'", "tpch", "tiny"))
                .get()
                .asString()
                .contains("table_catalog = 'skew' AND table_schema = 'hot' AND table_name LIKE 'f%'");
        assertThat(ShowStatements.asQuery("SHOW COLUMNS IN \"My\"\"Cat\".s.\"T\"", "tpch", "tiny"))
                .get()
                .asString()
                .contains("table_catalog = 'My\"Cat' AND table_schema = 's' AND table_name = 'T'");
        assertThat(ShowStatements.asQuery("show catalogs like 't%'", "tpch", "tiny"))
                .get()
                .asString()
                .contains("WHERE catalog_name LIKE 't%'");
        assertThat(ShowStatements.asQuery("SHOW TABLES IN \"it's\"", "tpch", "tiny"))
                .get()
                .asString()
                .contains("table_schema = 'it''s'");
    }

    @Test
    void otherStatementsAreNotTheirs() {
        assertThat(ShowStatements.asQuery("SHOW SETTINGS", "tpch", "tiny")).isEmpty();
        assertThat(ShowStatements.asQuery("SELECT * FROM describe_me", "tpch", "tiny"))
                .isEmpty();
        assertThat(ShowStatements.asQuery("SHOW TABLES garbage", "tpch", "tiny"))
                .isEmpty();
        assertThatThrownBy(() -> ShowStatements.asQuery("SHOW TABLES FROM a.b.c", "tpch", "tiny"))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("catalog.schema");
    }
}
