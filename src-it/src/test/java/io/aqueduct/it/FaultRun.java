package io.aqueduct.it;

import io.aqueduct.tpch.TpchQueries;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What {@link TestWorkerLoss} runs, from system properties so that the same test serves CI (small, the
 * defaults) and the full fault-injection run:
 *
 * <ul>
 *   <li>{@code aqueduct.it.faults.sf}: TPC-H scale factor (0.01, 0.1 or 1; default 0.1)
 *   <li>{@code aqueduct.it.faults.queries}: query numbers in order, or {@code all} (default 1,9,18,3)
 *   <li>{@code aqueduct.it.faults.killDuring}: the queries during which workers are killed (default: each)
 *   <li>{@code aqueduct.it.faults.workersPerKill}: workers killed together at each kill (default 1)
 *   <li>{@code aqueduct.it.faults.killDelayMillis}: wait after the victim starts a task (default 0)
 *   <li>{@code aqueduct.it.faults.timeoutMinutes}: bound of the whole run (default 6)
 * </ul>
 *
 * <p>Victims rotate over the three workers, so consecutive kills hit different workers. The run:
 * {@code -Daqueduct.it.faults.sf=1 -Daqueduct.it.faults.queries=all -Daqueduct.it.faults.killDuring=9,21}.
 */
record FaultRun(
        BigDecimal scaleFactor,
        List<Integer> queries,
        Set<Integer> killDuring,
        int workersPerKill,
        Duration killDelay,
        Duration timeout) {
    private static final String PREFIX = "aqueduct.it.faults.";

    static FaultRun fromSystemProperties() {
        String queriesText = property("queries", "1,9,18,3");
        List<Integer> queries = queriesText.equals("all") ? TpchQueries.numbers() : numbers(queriesText);
        String killText = property("killDuring", "");
        return new FaultRun(
                new BigDecimal(property("sf", "0.1")),
                queries,
                Set.copyOf(killText.isEmpty() ? queries : numbers(killText)),
                Integer.parseInt(property("workersPerKill", "1")),
                Duration.ofMillis(Long.parseLong(property("killDelayMillis", "0"))),
                Duration.ofMinutes(Long.parseLong(property("timeoutMinutes", "6"))));
    }

    /** The schema of the {@code tpch} catalog at this scale factor: tiny, sf0_1, sf1. */
    String schema() {
        return scaleFactor.compareTo(new BigDecimal("0.01")) == 0
                ? "tiny"
                : "sf" + scaleFactor.stripTrailingZeros().toPlainString().replace('.', '_');
    }

    boolean killsDuring(int query) {
        return killDuring.contains(query);
    }

    private static String property(String name, String defaultValue) {
        return System.getProperty(PREFIX + name, defaultValue).strip();
    }

    private static List<Integer> numbers(String text) {
        return Arrays.stream(text.split(","))
                .map(String::strip)
                .map(Integer::valueOf)
                .collect(Collectors.toUnmodifiableList());
    }
}
