package io.aqueduct.server.finalplan;

import io.aqueduct.core.aqe.AqeDecision;
import java.util.List;

/**
 * The plan that ran: every stage with its tasks' metrics and the adaptive decisions taken, as
 * gathered from the workers when the query ended. EXPLAIN ANALYZE, its JSON form, the driver API and
 * the {@code sys} tables all render this one object.
 *
 * @param state how the query ended
 * @param resultRows rows the query returned to its client (for EXPLAIN ANALYZE: would have returned)
 * @param error the failure message, or null
 * @param stages by stage id; the last one is the root, which feeds the client
 */
public record FinalPlan(
        String queryId,
        String sql,
        String user,
        State state,
        long startEpochMillis,
        long elapsedMillis,
        long resultRows,
        String error,
        List<StageRun> stages) {
    public FinalPlan {
        stages = List.copyOf(stages);
    }

    /** How a query ended: a final plan is made once its query is over. */
    public enum State {
        FINISHED,
        FAILED,
        CANCELED
    }

    public List<AqeDecision> decisions() {
        return stages.stream().flatMap(stage -> stage.decisions().stream()).toList();
    }
}
