package io.aqueduct.server.finalplan;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.server.lifecycle.QueryState;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestQueryRegistry {
    @Test
    void keepsTheLastEndedQueriesAndEveryRunningOne() {
        QueryRegistry registry = new QueryRegistry(3, 1 << 20);
        QueryRecord running = start(registry, "q_running");
        for (int query = 1; query <= 5; query++) {
            end(registry, start(registry, "q_" + query), "SELECT 1");
        }

        assertThat(ids(registry)).containsExactly("q_running", "q_3", "q_4", "q_5");

        // Ended now, it is still the oldest by its start: the first to go.
        end(registry, running, "SELECT 1");
        assertThat(ids(registry)).containsExactly("q_3", "q_4", "q_5");
    }

    @Test
    void aQueryRunAgainCountsOnceWhenItEndsAgain() {
        QueryRegistry registry = new QueryRegistry(2, 1 << 20);
        end(registry, start(registry, "q_1"), "SELECT 1");
        // A second attempt replaces the ended entry: it must no longer count as ended.
        end(registry, start(registry, "q_1"), "SELECT 1");
        end(registry, start(registry, "q_2"), "SELECT 1");

        assertThat(ids(registry)).containsExactly("q_1", "q_2");

        end(registry, start(registry, "q_3"), "SELECT 1");
        assertThat(ids(registry)).containsExactly("q_2", "q_3");
    }

    @Test
    void forgetsTheOldestEndedQueriesBeyondThePlanMemoryBound() {
        String longSql = "SELECT '" + "x".repeat(1_000) + "'";
        // Two of these plans fit (2 bytes per character), three do not.
        QueryRegistry registry = new QueryRegistry(100, 5_000);
        for (int query = 1; query <= 4; query++) {
            end(registry, start(registry, "q_" + query), longSql);
        }

        assertThat(ids(registry)).containsExactly("q_3", "q_4");

        registry.forget("q_3");
        end(registry, start(registry, "q_5"), longSql);
        assertThat(ids(registry)).containsExactly("q_4", "q_5");
    }

    private static List<String> ids(QueryRegistry registry) {
        return registry.queries().stream().map(QueryRecord::queryId).toList();
    }

    private static QueryRecord start(QueryRegistry registry, String queryId) {
        QueryRecord record = new QueryRecord(queryId, "c", 1, "user", "SELECT 1", 0, 1, null, null);
        registry.started(record, () -> new QueryProgress(QueryState.RUNNING, 0, 0, 0, 0));
        return record;
    }

    private static void end(QueryRegistry registry, QueryRecord started, String sql) {
        registry.ended(
                started,
                new FinalPlan(started.queryId(), sql, "user", FinalPlan.State.FINISHED, 0, 1, 0, null, List.of()),
                QueryState.FINISHED);
    }
}
