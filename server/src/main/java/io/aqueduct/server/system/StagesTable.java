package io.aqueduct.server.system;

import io.aqueduct.core.aqe.AqeDecision;
import io.aqueduct.core.aqe.ProducerSamples;
import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.finalplan.StageRun;
import io.aqueduct.server.system.RegistryRows.QueryStage;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * {@code sys.stages}: one row per stage of every ended query: planned and final task count, the
 * boundary above it, rows and bytes, the size its consumer estimated from samples and the q-error of
 * that estimate, the spread of rows read over its tasks (with the warning EXPLAIN ANALYZE shows when
 * the busiest task read over twice the median), and its decisions with their reasons.
 */
final class StagesTable {
    private static final SystemColumns<QueryStage> COLUMNS = SystemColumns.<QueryStage>builder()
            .varchar("query_id", QueryStage::queryId)
            .integer("stage_id", row -> row.stage().stageId())
            .varchar("boundary", row -> row.stage().output())
            .integer("planned_tasks", row -> row.stage().plannedTasks())
            .integer("final_tasks", row -> row.stage().finalTasks())
            .bigint("rows_in", row -> row.stage().inputRows())
            .bigint("rows_out", row -> row.stage().outputRows())
            .bigint("bytes_out", row -> row.stage().outputBytes())
            .bigint("sampled_rows", row -> sampled(row, ProducerSamples.Estimate::sampledRows))
            .bigint("sampled_bytes", row -> sampled(row, ProducerSamples.Estimate::sampledBytes))
            .bigint("estimated_bytes", row -> estimated(row.stage()))
            .doubleColumn(
                    "q_error", row -> row.stage().estimated() ? row.stage().qError() : null)
            .bigint("task_rows_in_min", row -> first(row.stage().taskRowsIn()))
            .bigint("task_rows_in_median", row -> median(row.stage().taskRowsIn()))
            .bigint("task_rows_in_max", row -> last(row.stage().taskRowsIn()))
            .bool("skew_warning", row -> row.stage().skewWarning())
            .varchar("decisions", row -> row.stage().decisions().stream()
                    .map(AqeDecision::rule)
                    .collect(Collectors.joining(", ")))
            .varchar("reason", row -> row.stage().decisions().stream()
                    .map(d -> d.rule() + ": " + d.reason())
                    .collect(Collectors.joining("; ")))
            .build();

    private StagesTable() {}

    static SystemTable<SystemContext> create(QueryRegistry registry) {
        return new RegistryTable<>("stages", COLUMNS, (context, scan) -> RegistryRows.stages(registry, context, scan));
    }

    private static Long estimated(StageRun stage) {
        return stage.estimatedOutputBytes() < 0 ? null : stage.estimatedOutputBytes();
    }

    /** What the consumer's samplers had seen of this stage's output when it decided, if it sampled. */
    private static Long sampled(QueryStage row, ToLongFunction<ProducerSamples.Estimate> what) {
        return row.plan().decisions().stream()
                .map(decision ->
                        decision.inputs().producerEstimates().get(row.stage().stageId()))
                .filter(Objects::nonNull)
                .map(what::applyAsLong)
                .findFirst()
                .orElse(null);
    }

    private static Long first(List<Long> sorted) {
        return sorted.isEmpty() ? null : sorted.get(0);
    }

    private static Long median(List<Long> sorted) {
        return sorted.isEmpty() ? null : sorted.get(sorted.size() / 2);
    }

    private static Long last(List<Long> sorted) {
        return sorted.isEmpty() ? null : sorted.get(sorted.size() - 1);
    }
}
