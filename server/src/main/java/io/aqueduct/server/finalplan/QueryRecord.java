package io.aqueduct.server.finalplan;

/**
 * A query the coordinator ran or runs: who started it and how, its progress, and once it ended its
 * final plan.
 *
 * @param connectionId the Avatica connection that ran it
 * @param statementId the Avatica statement handle that ran it
 * @param attempt which run of the query this is: 1, then one more each time it ran again after losing a worker
 * @param finalPlan the plan that ran, or null while it runs
 */
public record QueryRecord(
        String queryId,
        String connectionId,
        int statementId,
        String user,
        String sql,
        long startEpochMillis,
        int attempt,
        QueryProgress progress,
        FinalPlan finalPlan) {}
