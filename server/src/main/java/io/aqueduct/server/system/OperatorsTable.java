package io.aqueduct.server.system;

import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.server.finalplan.OperatorRun;
import io.aqueduct.server.finalplan.QueryRegistry;

/**
 * {@code sys.operators}: one row per operator of each stage of every ended query, in the stage's
 * pre-order, with its metrics summed over the stage's tasks (peak memory: the largest task's).
 */
final class OperatorsTable {
    private record StageOperator(String queryId, int stageId, OperatorRun operator) {}

    private static final SystemColumns<StageOperator> COLUMNS = SystemColumns.<StageOperator>builder()
            .varchar("query_id", StageOperator::queryId)
            .integer("stage_id", StageOperator::stageId)
            .integer("operator_id", row -> row.operator().operatorId())
            .integer("depth", row -> row.operator().depth())
            .varchar("operator", row -> row.operator().operator())
            .varchar("description", row -> row.operator().description())
            .bigint("output_rows", row -> row.operator().outputRows())
            .bigint("output_bytes", row -> row.operator().outputBytes())
            .bigint("batches", row -> row.operator().batches())
            .doubleColumn("elapsed_ms", row -> row.operator().elapsedNanos() / 1e6)
            .doubleColumn("self_ms", row -> row.operator().selfNanos() / 1e6)
            .bigint("peak_memory_bytes", row -> row.operator().peakMemoryBytes())
            .build();

    private OperatorsTable() {}

    static SystemTable<SystemContext> create(QueryRegistry registry) {
        return new RegistryTable<>(
                "operators", COLUMNS, (context, scan) -> RegistryRows.stages(registry, context, scan).stream()
                        .flatMap(row -> row.stage().operators().stream()
                                .map(operator -> new StageOperator(
                                        row.queryId(), row.stage().stageId(), operator)))
                        .toList());
    }
}
