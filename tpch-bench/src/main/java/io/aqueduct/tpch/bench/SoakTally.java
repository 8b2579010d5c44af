package io.aqueduct.tpch.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the soak's sessions did, counted from all their threads: statements per kind and outcome (for
 * example {@code tpch ok}, {@code error 42000}, {@code cancel 57014}), and the unexpected errors, the
 * first {@link #KEPT_ERRORS} of them word for word.
 */
final class SoakTally {
    static final int KEPT_ERRORS = 20;

    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    private final LongAdder unexpected = new LongAdder();
    private final List<String> firstUnexpected = new ArrayList<>();

    void count(String kind, String outcome) {
        outcomes.computeIfAbsent(kind + " " + outcome, key -> new LongAdder()).increment();
    }

    void unexpected(String kind, String detail) {
        count(kind, "UNEXPECTED");
        unexpected.increment();
        synchronized (firstUnexpected) {
            if (firstUnexpected.size() < KEPT_ERRORS) {
                firstUnexpected.add(kind + ": " + detail);
            }
        }
    }

    long unexpectedCount() {
        return unexpected.sum();
    }

    List<String> firstUnexpected() {
        synchronized (firstUnexpected) {
            return List.copyOf(firstUnexpected);
        }
    }

    /** Outcome counts, sorted by name. */
    Map<String, Long> outcomes() {
        Map<String, Long> sorted = new TreeMap<>();
        outcomes.forEach((name, count) -> sorted.put(name, count.sum()));
        return sorted;
    }

    long statements() {
        return outcomes.values().stream().mapToLong(LongAdder::sum).sum();
    }
}
