package io.aqueduct.server.system;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.protocol.WorkerInfo;
import io.aqueduct.core.protocol.WorkerMemory;
import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.type.RowType;
import io.aqueduct.server.membership.WorkerMembership;
import io.aqueduct.server.membership.WorkerState;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code sys.workers}: one row per worker the coordinator knows, in membership order, each asked for its
 * info now, all at once. The state is the membership's (whether queries are scheduled on the worker),
 * except that a worker that does not answer now is {@code UNREACHABLE}, with only its URL known.
 */
final class WorkersTable implements SystemTable<SystemContext> {
    static final String UNREACHABLE = "UNREACHABLE";

    /** A worker as this table sees it: {@code info} is null when the worker did not answer. */
    private record Row(String url, WorkerState state, WorkerInfo info) {
        <T> T ifAnswered(Function<WorkerInfo, T> value) {
            return info == null ? null : value.apply(info);
        }

        <T> T ifMemory(Function<WorkerMemory, T> value) {
            return info == null ? null : value.apply(info.memory());
        }
    }

    private static final SystemColumns<Row> COLUMNS = SystemColumns.<Row>builder()
            .varchar("worker_url", Row::url)
            .varchar(
                    "state",
                    row -> row.info() == null ? UNREACHABLE : row.state().name())
            .bigint("pid", row -> row.ifAnswered(WorkerInfo::pid))
            .integer("cores", row -> row.ifAnswered(WorkerInfo::processors))
            .integer("running_tasks", row -> row.ifAnswered(WorkerInfo::activeTasks))
            .bigint("allocated_bytes", row -> row.ifMemory(WorkerMemory::taskBytes))
            .bigint("peak_allocated_bytes", row -> row.ifMemory(WorkerMemory::taskPeakBytes))
            .bigint("memory_limit_bytes", row -> row.ifMemory(WorkerMemory::arrowLimitBytes))
            .bigint("split_cache_bytes", row -> row.ifMemory(WorkerMemory::splitCacheBytes))
            .bigint("split_cache_capacity_bytes", row -> row.ifMemory(WorkerMemory::splitCacheCapacityBytes))
            .bigint("heap_used_bytes", row -> row.ifMemory(WorkerMemory::heapUsedBytes))
            .bigint("heap_peak_bytes", row -> row.ifMemory(WorkerMemory::heapPeakBytes))
            .bigint("heap_max_bytes", row -> row.ifMemory(WorkerMemory::heapMaxBytes))
            .build();

    private final Supplier<List<WorkerMembership.Member>> members;
    private final Function<String, WorkerInfo> workerInfo;

    /** {@code workerInfo} asks a worker for its info, failing with an {@link AqueductException} if it cannot. */
    WorkersTable(Supplier<List<WorkerMembership.Member>> members, Function<String, WorkerInfo> workerInfo) {
        this.members = members;
        this.workerInfo = workerInfo;
    }

    @Override
    public String name() {
        return "workers";
    }

    @Override
    public RowType columns() {
        return COLUMNS.rowType();
    }

    @Override
    public List<List<Object>> rows(SystemContext context, SystemScan scan) {
        // Asked all at once: a worker that is slow to answer delays the table once, not once per worker.
        List<CompletableFuture<Row>> asked = members.get().stream()
                .map(member -> CompletableFuture.supplyAsync(
                        () -> new Row(member.url(), member.state(), infoOrNull(member.url()))))
                .toList();
        return COLUMNS.rows(asked.stream().map(CompletableFuture::join).toList());
    }

    private WorkerInfo infoOrNull(String url) {
        try {
            return workerInfo.apply(url);
        } catch (AqueductException unreachable) {
            return null;
        }
    }
}
