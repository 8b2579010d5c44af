package io.aqueduct.core.exec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one operator of a task did, as far as it got: an immutable snapshot for reporting.
 *
 * <p>{@code operatorId} is the pre-order index of the operator's plan node in the fragment: the root is 0, then
 * each node's sources in {@link io.aqueduct.core.plan.PlanNode#sources()} order, recursively. Walking the fragment
 * the same way aligns metrics with plan nodes. {@code operator} names the node's kind as EXPLAIN does ({@code
 * "TableScan"}, {@code "Filter"}, {@code "HashJoin"}, {@code "RemoteSource"}, ...).
 *
 * @param outputRows rows of the batches the operator returned
 * @param outputBytes Arrow buffer bytes of those batches ({@link Batches#sizeInBytes}), counted at each operator they
 *     pass, so a batch a filter passes through unchanged counts for both the filter and its input
 * @param batches batches returned, empty ones included
 * @param elapsedNanos wall time spent inside the operator's {@code next()}, its inputs' {@code next()} included
 * @param selfNanos {@code elapsedNanos} minus its inputs' {@code elapsedNanos}: the time of this operator alone
 *     (waiting on remote data counts as the remote source's own time)
 * @param peakMemoryBytes the most Arrow memory accounted to this operator at once: buffers it allocated (its output
 *     batches included, until its consumer closes them or moves them into its own allocator), buffers it took
 *     over from its input (a sort's held rows), and heap state it reserves (hash tables, accumulators). Its inputs'
 *     memory is not included, and a batch an operator passes through unchanged stays accounted to the operator that
 *     made it. Operators peak at different times, so the sum over a task may exceed the task's peak.
 * @param counters the operator's own counts ({@link Operator#counters()}), by name in name order; empty for most
 */
public record OperatorMetrics(
        int operatorId,
        String operator,
        long outputRows,
        long outputBytes,
        long batches,
        long elapsedNanos,
        long selfNanos,
        long peakMemoryBytes,
        Map<String, Long> counters) {
    @JsonCreator
    public OperatorMetrics(
            @JsonProperty("operatorId") int operatorId,
            @JsonProperty("operator") String operator,
            @JsonProperty("outputRows") long outputRows,
            @JsonProperty("outputBytes") long outputBytes,
            @JsonProperty("batches") long batches,
            @JsonProperty("elapsedNanos") long elapsedNanos,
            @JsonProperty("selfNanos") long selfNanos,
            @JsonProperty("peakMemoryBytes") long peakMemoryBytes,
            @JsonProperty("counters") Map<String, Long> counters) {
        this.operatorId = operatorId;
        this.operator = operator;
        this.outputRows = outputRows;
        this.outputBytes = outputBytes;
        this.batches = batches;
        this.elapsedNanos = elapsedNanos;
        this.selfNanos = selfNanos;
        this.peakMemoryBytes = peakMemoryBytes;
        this.counters = counters == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(counters));
    }
}
