package io.aqueduct.server.system;

import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.finalplan.TaskRun;

/**
 * {@code sys.tasks}: one row per task of every ended query: its worker, the buckets it read, its
 * state, start and end in milliseconds since the query started, rows and bytes, the bytes it received over the
 * network and those it took from tasks on its own worker in memory ({@code local_bytes}), and memory.
 * {@code attempt} is the run of the query the task belongs to: retries re-run whole queries, so the
 * tasks listed are those of its last attempt, and an attempt above 1 says earlier ones lost a worker.
 */
final class TasksTable {
    private record QueryTask(String queryId, int attempt, int stageId, TaskRun task) {}

    private static final SystemColumns<QueryTask> COLUMNS = SystemColumns.<QueryTask>builder()
            .varchar("query_id", QueryTask::queryId)
            .integer("stage_id", QueryTask::stageId)
            .integer("task_index", row -> row.task().taskIndex())
            .varchar("task_id", row -> row.task().taskId())
            .integer("attempt", QueryTask::attempt)
            .varchar("worker", row -> row.task().worker())
            .varchar("buckets", row -> row.task().buckets())
            .varchar("state", row -> row.task().state())
            .bigint("start_ms", row -> row.task().startMillis())
            .bigint("end_ms", row -> row.task().endMillis())
            .bigint("rows_in", row -> row.task().inputRows())
            .bigint("rows_out", row -> row.task().outputRows())
            .bigint("bytes_out", row -> row.task().outputBytes())
            .bigint("network_bytes", row -> row.task().networkBytes())
            .bigint("network_ms", row -> row.task().networkMillis())
            .bigint("local_bytes", row -> row.task().localBytes())
            .bigint("peak_memory_bytes", row -> row.task().peakMemoryBytes())
            .varchar("error", row -> row.task().error())
            .build();

    private TasksTable() {}

    static SystemTable<SystemContext> create(QueryRegistry registry) {
        return new RegistryTable<>(
                "tasks", COLUMNS, (context, scan) -> RegistryRows.stages(registry, context, scan).stream()
                        .flatMap(row -> row.stage().tasks().stream()
                                .map(task -> new QueryTask(
                                        row.queryId(),
                                        row.attempt(),
                                        row.stage().stageId(),
                                        task)))
                        .toList());
    }
}
