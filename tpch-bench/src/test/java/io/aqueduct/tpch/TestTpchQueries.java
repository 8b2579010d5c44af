package io.aqueduct.tpch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestTpchQueries {
    @Test
    void allQueriesLoad() {
        assertThat(TpchQueries.numbers()).hasSize(22).startsWith(1).endsWith(22);
        for (int number : TpchQueries.numbers()) {
            String sql = TpchQueries.query(number);
            assertThat(sql).as("q%d", number).containsIgnoringCase("select").doesNotEndWith(";");
        }
    }

    @Test
    void usesValidationParameters() {
        assertThat(TpchQueries.query(1)).contains("interval '90' day");
        assertThat(TpchQueries.query(6)).contains("date '1994-01-01'", "between 0.06 - 0.01 and 0.06 + 0.01", "< 24");
        assertThat(TpchQueries.query(3)).endsWith("limit 10");
    }

    @Test
    void rejectsUnknownNumbers() {
        assertThatThrownBy(() -> TpchQueries.query(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TpchQueries.query(23)).isInstanceOf(IllegalArgumentException.class);
    }
}
