package io.aqueduct.server.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.server.finalplan.QueryProgress;
import io.aqueduct.server.finalplan.QueryRecord;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.lifecycle.QueryState;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestQueriesTable {
    /** A whole second: {@code Instant.toString} would drop its fraction. */
    private static final long WHOLE_SECOND =
            Instant.parse("2026-12-02T12:00:01Z").toEpochMilli();

    @Test
    void startTimesSortAsTextAsTheyDoInTime() {
        QueryRegistry registry = new QueryRegistry(10, 1 << 20);
        start(registry, "q_1", WHOLE_SECOND);
        start(registry, "q_2", WHOLE_SECOND + 4);
        start(registry, "q_3", WHOLE_SECOND + 1_000);
        SystemTable<SystemContext> table = QueriesTable.create(registry);
        int startTime = table.columns().names().indexOf("start_time");
        int queryId = table.columns().names().indexOf("query_id");

        List<List<Object>> latestFirst =
                table.rows(new SystemContext(SettingValues.defaults()), SystemScan.all("queries")).stream()
                        .sorted(Comparator.comparing((List<Object> row) -> (String) row.get(startTime))
                                .reversed())
                        .toList();

        // The driver finds a statement's latest query by this order.
        assertThat(latestFirst).extracting(row -> row.get(queryId)).containsExactly("q_3", "q_2", "q_1");
        assertThat(latestFirst)
                .extracting(row -> row.get(startTime))
                .containsExactly("2026-12-02T12:00:02.000Z", "2026-12-02T12:00:01.004Z", "2026-12-02T12:00:01.000Z");
    }

    private static void start(QueryRegistry registry, String queryId, long startEpochMillis) {
        registry.started(
                new QueryRecord(queryId, "c", 1, "user", "SELECT 1", startEpochMillis, 1, null, null),
                () -> new QueryProgress(QueryState.RUNNING, 0, 0, 0, 0));
    }
}
