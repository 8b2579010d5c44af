package io.aqueduct.server.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.protocol.WorkerInfo;
import io.aqueduct.core.protocol.WorkerMemory;
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
    private static final WorkerMemory MEMORY =
            new WorkerMemory(1_000_000, 2_000_000, 8_000_000, 500, 1_000, 30, 40, 50);

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
            return new WorkerInfo(url, 4242, 8, 3, MEMORY, List.of("q.1.0"));
        });

        List<List<Object>> rows = table.rows(new SystemContext(SettingValues.defaults()), SystemScan.all("workers"));
        table.rows(new SystemContext(SettingValues.defaults()), SystemScan.all("workers"));

        assertThat(table.columns().names())
                .containsExactly(
                        "worker_url",
                        "state",
                        "pid",
                        "cores",
                        "running_tasks",
                        "allocated_bytes",
                        "peak_allocated_bytes",
                        "memory_limit_bytes",
                        "split_cache_bytes",
                        "split_cache_capacity_bytes",
                        "heap_used_bytes",
                        "heap_peak_bytes",
                        "heap_max_bytes");
        assertThat(rows)
                .containsExactly(
                        List.of(
                                UP,
                                "ACTIVE",
                                4242L,
                                8,
                                3,
                                1_000_000L,
                                2_000_000L,
                                8_000_000L,
                                500L,
                                1_000L,
                                30L,
                                40L,
                                50L),
                        Arrays.asList(
                                DOWN, "UNREACHABLE", null, null, null, null, null, null, null, null, null, null, null));
        assertThat(asked).containsExactlyInAnyOrder(UP, DOWN, UP, DOWN);
    }
}
