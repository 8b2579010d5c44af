package io.aqueduct.server.finalplan;

import io.aqueduct.server.lifecycle.QueryState;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The coordinator's memory of queries: every running query, and the last {@code retention} ended
 * ones with their final plans, within a bound on the memory those plans take (oldest ended queries go
 * first). The {@code sys} tables, EXPLAIN ANALYZE and the driver API read it.
 */
public final class QueryRegistry {
    /** Roughly what a task's part of a final plan takes in memory, operators aside. */
    private static final long BYTES_PER_TASK = 512;

    private static final long BYTES_PER_OPERATOR = 128;

    private final int retention;
    private final long maxPlanBytes;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    /** Entries of ended queries, kept so that a query's end does not count them all. */
    private int endedCount;

    private long planBytes;

    private static final class Entry {
        final QueryRecord start;
        /** Until the query ends; dropped then, so that the registry keeps no running query's objects. */
        Supplier<QueryProgress> liveProgress;

        FinalPlan finalPlan;
        QueryState endState;
        long bytes;

        Entry(QueryRecord start, Supplier<QueryProgress> liveProgress) {
            this.start = start;
            this.liveProgress = liveProgress;
        }

        QueryRecord record() {
            if (finalPlan == null) {
                return new QueryRecord(
                        start.queryId(),
                        start.connectionId(),
                        start.statementId(),
                        start.user(),
                        start.sql(),
                        start.startEpochMillis(),
                        start.attempt(),
                        liveProgress.get(),
                        null);
            }
            int tasks =
                    finalPlan.stages().stream().mapToInt(s -> s.tasks().size()).sum();
            QueryProgress ended =
                    new QueryProgress(endState, finalPlan.elapsedMillis(), finalPlan.resultRows(), tasks, tasks);
            return new QueryRecord(
                    start.queryId(),
                    start.connectionId(),
                    start.statementId(),
                    start.user(),
                    start.sql(),
                    start.startEpochMillis(),
                    start.attempt(),
                    ended,
                    finalPlan);
        }
    }

    public QueryRegistry(int retention, long maxPlanBytes) {
        this.retention = Math.max(1, retention);
        this.maxPlanBytes = maxPlanBytes;
    }

    /**
     * Registers a query that starts now; its progress is asked of {@code liveProgress} until it ends.
     */
    public synchronized void started(QueryRecord query, Supplier<QueryProgress> liveProgress) {
        // A query that runs again (another attempt, or admitted after queueing) replaces its entry.
        forgetEntry(entries.put(query.queryId(), new Entry(query, liveProgress)));
    }

    /** Forgets a query that never ran: it timed out in the admission queue or failed to plan after it. */
    public synchronized void forget(String queryId) {
        forgetEntry(entries.remove(queryId));
    }

    /** Takes a replaced or removed entry (null if there was none) out of the counts. */
    private void forgetEntry(Entry entry) {
        if (entry != null) {
            planBytes -= entry.bytes;
            if (entry.finalPlan != null) {
                endedCount--;
            }
        }
    }

    /**
     * Keeps the final plan of a query that ended in {@code state}, forgetting the oldest ended queries beyond
     * the bounds. {@code started} is what it was registered with: an attempt that ends after the next
     * attempt of its query started (its tasks were slow to stop) leaves the newer entry alone.
     */
    public synchronized void ended(QueryRecord started, FinalPlan plan, QueryState state) {
        if (!state.isTerminal()) {
            throw new IllegalArgumentException("Query " + plan.queryId() + " has not ended: " + state);
        }
        Entry entry = entries.get(plan.queryId());
        if (entry == null || entry.start != started) {
            return;
        }
        if (entry.finalPlan == null) {
            endedCount++;
        }
        entry.finalPlan = plan;
        entry.endState = state;
        entry.liveProgress = null;
        planBytes -= entry.bytes;
        entry.bytes = sizeOf(plan);
        planBytes += entry.bytes;
        evict();
    }

    private void evict() {
        Iterator<Entry> oldestFirst = entries.values().iterator();
        while (oldestFirst.hasNext() && (endedCount > retention || planBytes > maxPlanBytes)) {
            Entry entry = oldestFirst.next();
            if (entry.finalPlan != null) {
                oldestFirst.remove();
                endedCount--;
                planBytes -= entry.bytes;
            }
        }
    }

    private static long sizeOf(FinalPlan plan) {
        long bytes = 2L * (plan.sql() == null ? 0 : plan.sql().length());
        for (StageRun stage : plan.stages()) {
            bytes += BYTES_PER_OPERATOR * stage.operators().size();
            for (TaskRun task : stage.tasks()) {
                bytes += BYTES_PER_TASK + BYTES_PER_OPERATOR * task.operators().size();
            }
        }
        return bytes;
    }

    /** Every query known, oldest first. */
    public synchronized List<QueryRecord> queries() {
        return entries.values().stream().map(Entry::record).toList();
    }

    public synchronized Optional<QueryRecord> query(String queryId) {
        return Optional.ofNullable(entries.get(queryId)).map(Entry::record);
    }
}
