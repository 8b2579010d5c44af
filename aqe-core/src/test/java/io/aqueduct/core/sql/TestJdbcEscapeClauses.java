package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import org.junit.jupiter.api.Test;

class TestJdbcEscapeClauses {
    @Test
    void anOuterJoinEscapeIsItsContent() {
        assertThat(JdbcEscapeClauses.rewrite("SELECT * FROM {oj a LEFT OUTER JOIN b ON a.x = b.x} WHERE 1 = 1"))
                .isEqualToIgnoringWhitespace("SELECT * FROM a LEFT OUTER JOIN b ON a.x = b.x WHERE 1 = 1");
        assertThat(JdbcEscapeClauses.rewrite(
                        "SELECT * FROM {OJ {oj a LEFT JOIN b ON a.x = b.x} RIGHT JOIN c ON c.y = b.y}"))
                .isEqualToIgnoringWhitespace("SELECT * FROM a LEFT JOIN b ON a.x = b.x RIGHT JOIN c ON c.y = b.y");
    }

    @Test
    void escapeAndLimitKeepTheirKeyword() {
        assertThat(JdbcEscapeClauses.rewrite("SELECT 1 FROM t WHERE s LIKE '!%%' {escape '!'}"))
                .isEqualToIgnoringWhitespace("SELECT 1 FROM t WHERE s LIKE '!%%' ESCAPE '!'");
        assertThat(JdbcEscapeClauses.rewrite("SELECT x FROM t ORDER BY x { limit 3 offset 2 }"))
                .isEqualToIgnoringWhitespace("SELECT x FROM t ORDER BY x LIMIT 3 offset 2");
    }

    @Test
    void escapesTheParserReadsAndBracesInTextStay() {
        String parsed = "SELECT {fn UCASE(s)}, {d '2024-01-02'}, {ts '2024-01-02 03:04:05'} FROM t";
        assertThat(JdbcEscapeClauses.rewrite(parsed)).isEqualTo(parsed);
        String inText = "SELECT '{oj x}' AS \"{limit 1}\" -- {escape '!'}\n FROM t /* {oj */";
        assertThat(JdbcEscapeClauses.rewrite(inText)).isEqualTo(inText);
        assertThat(JdbcEscapeClauses.rewrite("SELECT * FROM {oj a LEFT JOIN b ON {fn UCASE(a.s)} = b.s}"))
                .isEqualToIgnoringWhitespace("SELECT * FROM a LEFT JOIN b ON {fn UCASE(a.s)} = b.s");
    }

    @Test
    void aStrayClosingBraceIsLeftForTheParserAndAnUnclosedEscapeFails() {
        assertThat(JdbcEscapeClauses.rewrite("SELECT } FROM t")).isEqualTo("SELECT } FROM t");
        assertThatThrownBy(() -> JdbcEscapeClauses.rewrite("SELECT * FROM {oj a LEFT JOIN b ON a.x = b.x"))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("lacks its '}'");
    }
}
