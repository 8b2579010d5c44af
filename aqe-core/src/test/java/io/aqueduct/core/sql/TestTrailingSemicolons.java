package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.List;
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
    }

    @Test
    void aSecondStatementFailsSayingOneAtATime() {
        for (String sql : List.of("SELECT 1; SELECT 2", "SELECT 1;\n'x'", "SELECT 'a;b'; ; -- c\n SELECT 2")) {
            assertThatThrownBy(() -> TrailingSemicolons.strip(sql))
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.SYNTAX_ERROR))
                    .hasMessageStartingWith("One statement at a time");
        }
    }

    @Test
    void semicolonsInStringsAndQuotedNamesAreText() {
        assertThat(TrailingSemicolons.strip("SELECT 'a;'")).isEqualTo("SELECT 'a;'");
        assertThat(TrailingSemicolons.strip("SELECT 'it''s;';")).isEqualTo("SELECT 'it''s;'");
        assertThat(TrailingSemicolons.strip("SELECT 1 AS \"x;\";")).isEqualTo("SELECT 1 AS \"x;\"");
        assertThat(TrailingSemicolons.strip("SELECT 'open;")).isEqualTo("SELECT 'open;");
    }
}
