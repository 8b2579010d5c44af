package io.aqueduct.skew;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestSkewQueries {
    @Test
    void allQueriesLoad() {
        assertThat(SkewQueries.names()).containsExactly("join_by_group", "join_count_by_key", "aggregate_by_key");
        for (String name : SkewQueries.names()) {
            assertThat(SkewQueries.query(name))
                    .as(name)
                    .containsIgnoringCase("select")
                    .contains("from\n    fact")
                    .doesNotEndWith(";");
        }
    }

    @Test
    void joinQueriesJoinFactWithDimOnTheSkewedKey() {
        assertThat(SkewQueries.query("join_by_group")).contains("join dim on f_key = d_key", "group by\n    d_group");
        assertThat(SkewQueries.query("join_count_by_key")).contains("join dim on f_key = d_key", "d_key,\n    d_name");
        assertThat(SkewQueries.query("aggregate_by_key"))
                .doesNotContain("join dim")
                .contains("group by\n    f_key");
    }

    @Test
    void resultsHaveNoFloatingPointValuesSoRunsCompareExactly() {
        for (String name : SkewQueries.names()) {
            assertThat(SkewQueries.query(name).toLowerCase()).as(name).doesNotContain("avg(", "double", "real");
        }
    }

    @Test
    void rejectsUnknownNames() {
        assertThatThrownBy(() -> SkewQueries.query("q1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Unknown skew query 'q1'; expected one of [join_by_group, join_count_by_key, aggregate_by_key]");
    }
}
