package io.aqueduct.tpch.bench;

import java.time.Duration;
import java.util.List;

/** Median, minimum and maximum of one query's timed iterations, in milliseconds. */
public record TimingStatistics(double medianMillis, double minMillis, double maxMillis) {
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    /** Statistics of {@code durations}; the median of an even count is the mean of the middle two. */
    public static TimingStatistics of(List<Duration> durations) {
        if (durations.isEmpty()) {
            throw new IllegalArgumentException("No durations to summarize");
        }
        long[] nanos = durations.stream().mapToLong(Duration::toNanos).sorted().toArray();
        int middle = nanos.length / 2;
        double median = nanos.length % 2 == 1 ? nanos[middle] : (nanos[middle - 1] + nanos[middle]) / 2.0;
        return new TimingStatistics(
                median / NANOS_PER_MILLI, nanos[0] / NANOS_PER_MILLI, nanos[nanos.length - 1] / NANOS_PER_MILLI);
    }
}
