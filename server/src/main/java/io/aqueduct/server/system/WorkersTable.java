package io.aqueduct.server.system;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.protocol.WorkerInfo;
import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.type.RowType;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * {@code sys.workers}: one row per worker of the coordinator, in configuration order, each asked for
 * its info now, all at once. A worker that does not answer is {@code UNREACHABLE}, with only its URL known.
 */
final class WorkersTable implements SystemTable<SystemContext> {
    static final String ACTIVE = "ACTIVE";
    static final String UNREACHABLE = "UNREACHABLE";

    /** A worker as this table sees it: {@code info} is null when the worker did not answer. */
    private record Row(String url, WorkerInfo info) {
        <T> T ifAnswered(Function<WorkerInfo, T> value) {
            return info == null ? null : value.apply(info);
        }
    }

    private static final SystemColumns<Row> COLUMNS = SystemColumns.<Row>builder()
            .varchar("worker_url", Row::url)
            .varchar("state", row -> row.info() == null ? UNREACHABLE : ACTIVE)
            .bigint("pid", row -> row.ifAnswered(WorkerInfo::pid))
            .integer("cores", row -> row.ifAnswered(WorkerInfo::processors))
            .integer("running_tasks", row -> row.ifAnswered(WorkerInfo::activeTasks))
            .bigint("allocated_bytes", row -> row.ifAnswered(WorkerInfo::allocatedBytes))
            .build();

    private final List<String> workerUrls;
    private final Function<String, WorkerInfo> workerInfo;

    /** {@code workerInfo} asks a worker for its info, failing with an {@link AqueductException} if it cannot. */
    WorkersTable(List<String> workerUrls, Function<String, WorkerInfo> workerInfo) {
        this.workerUrls = List.copyOf(workerUrls);
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
        List<CompletableFuture<Row>> asked = workerUrls.stream()
                .map(url -> CompletableFuture.supplyAsync(() -> new Row(url, infoOrNull(url))))
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
