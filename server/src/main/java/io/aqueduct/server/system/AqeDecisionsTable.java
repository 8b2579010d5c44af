package io.aqueduct.server.system;

import io.aqueduct.core.aqe.AqeDecision;
import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.server.finalplan.FinalPlanJson;
import io.aqueduct.server.finalplan.QueryRegistry;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code sys.aqe_decisions}: one row per adaptive decision of every ended query: the stage, the
 * rule, before and after, whether it was adopted, its inputs (a JSON object of the measured values
 * and thresholds) and its reason in words.
 */
final class AqeDecisionsTable {
    private record QueryDecision(String queryId, int index, AqeDecision decision) {}

    private static final SystemColumns<QueryDecision> COLUMNS = SystemColumns.<QueryDecision>builder()
            .varchar("query_id", QueryDecision::queryId)
            .integer("stage_id", row -> row.decision().stageId())
            .integer("decision_index", QueryDecision::index)
            .varchar("rule", row -> row.decision().rule())
            .varchar("before_value", row -> row.decision().before())
            .varchar("after_value", row -> row.decision().after())
            .bool("adopted", row -> row.decision().adopted())
            .varchar(
                    "inputs",
                    row -> FinalPlanJson.toJson(row.decision().inputs().view()))
            .varchar("reason", row -> row.decision().reason())
            .build();

    private AqeDecisionsTable() {}

    private static List<QueryDecision> decisions(QueryRegistry registry, SystemContext context, SystemScan scan) {
        List<QueryDecision> decisions = new ArrayList<>();
        RegistryRows.finalPlans(registry, context, scan).forEach(plan -> {
            List<AqeDecision> all = plan.decisions();
            for (int i = 0; i < all.size(); i++) {
                decisions.add(new QueryDecision(plan.queryId(), i, all.get(i)));
            }
        });
        return decisions;
    }

    static SystemTable<SystemContext> create(QueryRegistry registry) {
        return new RegistryTable<>("aqe_decisions", COLUMNS, (context, scan) -> decisions(registry, context, scan));
    }
}
