package io.aqueduct.tpch.bench;

import java.util.List;

/**
 * Whether a memory series sampled over a long run stays flat: the mean of its last quarter against the
 * mean of its first. Flat when the growth is at most {@code RELATIVE_SLACK} of the first quarter or
 * {@code absoluteSlackBytes}, whichever is larger (a small heap wobbles by more than 10% in bytes that
 * do not matter).
 */
record MemoryTrend(double firstQuartileMean, double lastQuartileMean, boolean flat) {
    static final double RELATIVE_SLACK = 0.10;

    static MemoryTrend of(List<Long> samples, long absoluteSlackBytes) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples");
        }
        int quarter = Math.max(1, samples.size() / 4);
        double first = mean(samples.subList(0, quarter));
        double last = mean(samples.subList(samples.size() - quarter, samples.size()));
        double allowed = Math.max(first * RELATIVE_SLACK, absoluteSlackBytes);
        return new MemoryTrend(first, last, last - first <= allowed);
    }

    /** Last quarter over first quarter; 1 when both are 0. */
    double ratio() {
        return firstQuartileMean == 0
                ? (lastQuartileMean == 0 ? 1 : Double.POSITIVE_INFINITY)
                : lastQuartileMean / firstQuartileMean;
    }

    private static double mean(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).average().orElseThrow();
    }
}
