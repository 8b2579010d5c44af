package io.aqueduct.server.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.protocol.WorkerInfo;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.server.membership.WorkerMembership;
import io.aqueduct.server.membership.WorkerState;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class TestWorkersTable {
    private static final String UP = "http://127.0.0.1:9001";
    private static final String DOWN = "http://127.0.0.1:9002";

    @Test
    void asksEveryWorkerEachTime() {
        // The workers are asked at once, from several threads.
        List<String> asked = new CopyOnWriteArrayList<>();
        List<WorkerMembership.Member> members = List.of(
                new WorkerMembership.Member(UP, WorkerState.ACTIVE, null, 0),
                new WorkerMembership.Member(DOWN, WorkerState.ACTIVE, null, 0));
        WorkersTable table = new WorkersTable(() -> members, url -> {
            asked.add(url);
            if (url.equals(DOWN)) {
                throw new AqueductException(ErrorCode.WORKER_UNAVAILABLE, "Worker " + url + " is unreachable");
            }
            return new WorkerInfo(url, 4242, 8, 3, 1_000_000, List.of("q.1.0"));
        });

        List<List<Object>> rows = table.rows(new SystemContext(SettingValues.defaults()), SystemScan.all("workers"));
        table.rows(new SystemContext(SettingValues.defaults()), SystemScan.all("workers"));

        assertThat(table.columns().names())
                .containsExactly("worker_url", "state", "pid", "cores", "running_tasks", "allocated_bytes");
        assertThat(rows)
                .containsExactly(
                        List.of(UP, "ACTIVE", 4242L, 8, 3, 1_000_000L),
                        Arrays.asList(DOWN, "UNREACHABLE", null, null, null, null));
        assertThat(asked).containsExactlyInAnyOrder(UP, DOWN, UP, DOWN);
    }
}
