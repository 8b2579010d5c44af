package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.junit.jupiter.api.Test;

class TestKillQuery {
    @Test
    void readsTheQueryIdAsAStringLiteral() {
        assertThat(KillQuery.parse("KILL QUERY '20260101_120000_00001'"))
                .contains(new KillQuery("20260101_120000_00001"));
        assertThat(KillQuery.parse("  kill\n query 'a''b' ; ")).contains(new KillQuery("a'b"));
    }

    @Test
    void leavesOtherStatementsAlone() {
        assertThat(KillQuery.parse("SELECT 'KILL QUERY'")).isEmpty();
        assertThat(KillQuery.parse("SET query.timeout = 1")).isEmpty();
        assertThat(KillQuery.parse("KILLQUERY 'x'")).isEmpty();
    }

    @Test
    void aMissingOrNonStringIdIsASyntaxError() {
        for (String sql : new String[] {"KILL QUERY", "KILL QUERY 42", "KILL QUERY abc"}) {
            assertThatThrownBy(() -> KillQuery.parse(sql))
                    .as(sql)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.SYNTAX_ERROR));
        }
    }
}
