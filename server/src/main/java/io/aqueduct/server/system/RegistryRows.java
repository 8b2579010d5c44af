package io.aqueduct.server.system;

import io.aqueduct.core.system.SystemScan;
import io.aqueduct.server.finalplan.FinalPlan;
import io.aqueduct.server.finalplan.QueryRecord;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.finalplan.StageRun;
import java.util.List;
import java.util.Objects;

/**
 * What the query registry tables read: the queries a scan asks for (one, when it filters on a query
 * id), and the final plans of those that ended.
 */
final class RegistryRows {
    private RegistryRows() {}

    /** The queries the scan asks for that the reader may see: its own, or all for an administrator. */
    static List<QueryRecord> queries(QueryRegistry registry, SystemContext context, SystemScan scan) {
        return scan.queryId().map(id -> registry.query(id).stream().toList()).orElseGet(registry::queries).stream()
                .filter(query -> context.mayRead(query.user()))
                .toList();
    }

    static List<FinalPlan> finalPlans(QueryRegistry registry, SystemContext context, SystemScan scan) {
        return queries(registry, context, scan).stream()
                .map(QueryRecord::finalPlan)
                .filter(Objects::nonNull)
                .toList();
    }

    /** A stage of a query's final plan; {@code attempt} is the run of the query that plan is of. */
    record QueryStage(FinalPlan plan, int attempt, StageRun stage) {
        String queryId() {
            return plan.queryId();
        }
    }

    static List<QueryStage> stages(QueryRegistry registry, SystemContext context, SystemScan scan) {
        return queries(registry, context, scan).stream()
                .filter(query -> query.finalPlan() != null)
                .flatMap(query -> query.finalPlan().stages().stream()
                        .map(stage -> new QueryStage(query.finalPlan(), query.attempt(), stage)))
                .toList();
    }
}
