package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestTrailingSemicolons {
    @Test
    void semicolonsEndingTheStatementGo() {
        assertThat(TrailingSemicolons.strip("SELECT 1;")).isEqualTo("SELECT 1");
        assertThat(TrailingSemicolons.strip("SELECT 1 ;; \n")).isEqualTo("SELECT 1");
        assertThat(TrailingSemicolons.strip("SELECT 1; -- done\n")).isEqualTo("SELECT 1");
        assertThat(TrailingSemicolons.strip("SELECT 1 /* a */ ; /* b */")).isEqualTo("SELECT 1");
        assertThat(TrailingSemicolons.strip(";")).isEmpty();
    }

    @Test
    void aStatementWithoutThemStaysAsItIs() {
        assertThat(TrailingSemicolons.strip("SELECT 1 -- no semicolon;")).isEqualTo("SELECT 1 -- no semicolon;");
        assertThat(TrailingSemicolons.strip("SELECT 1 /* ; */")).isEqualTo("SELECT 1 /* ; */");
        assertThat(TrailingSemicolons.strip("SELECT 1; SELECT 2")).isEqualTo("SELECT 1; SELECT 2");
    }

    @Test
    void semicolonsInStringsAndQuotedNamesAreText() {
        assertThat(TrailingSemicolons.strip("SELECT 'a;'")).isEqualTo("SELECT 'a;'");
        assertThat(TrailingSemicolons.strip("SELECT 'it''s;';")).isEqualTo("SELECT 'it''s;'");
        assertThat(TrailingSemicolons.strip("SELECT 1 AS \"x;\";")).isEqualTo("SELECT 1 AS \"x;\"");
        assertThat(TrailingSemicolons.strip("SELECT 'open;")).isEqualTo("SELECT 'open;");
    }
}
