package io.aqueduct.tpch.bench;

import io.aqueduct.tpch.TpchQueries;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code aqueduct bench soak}: many JDBC sessions run a mix of statements ({@link SoakSession}) for a
 * while, and the run reports what they did, every unexpected error, and the cluster's memory sampled
 * meanwhile ({@link MemorySampler}) with whether it stayed flat (first against last quarter of the
 * samples, {@link MemoryTrend}). Exits with 1 on an unexpected error. Not part of CI: minutes long.
 */
@Command(
        name = "soak",
        mixinStandardHelpOptions = true,
        description = "Run mixed statements from many sessions for minutes; report errors and whether memory"
                + " stays flat.")
final class SoakCommand implements Callable<Integer> {
    /** Growth under this is noise for a JVM heap or a resident set, whatever the ratio. */
    private static final long ABSOLUTE_SLACK_BYTES = 32L << 20;

    @Option(
            names = "--sessions",
            defaultValue = "16",
            description = "Concurrent JDBC sessions. Default: ${DEFAULT-VALUE}.")
    int sessions = 16;

    @Option(
            names = "--minutes",
            defaultValue = "10",
            description = "How long the sessions run. Default: ${DEFAULT-VALUE}.")
    double minutes = 10;

    @Option(
            names = "--sf",
            defaultValue = "0.01",
            converter = TpchCommand.ScaleFactorConverter.class,
            description = "Scale factor of the TPC-H queries: 0.01, 0.1, 1 or 10. Default: ${DEFAULT-VALUE}.")
    ScaleFactor scaleFactor = ScaleFactor.SF0_01;

    @Option(
            names = "--sample-seconds",
            defaultValue = "30",
            description = "Interval between memory samples. Default: ${DEFAULT-VALUE}.")
    int sampleSeconds = 30;

    @Mixin
    ClusterTarget target = new ClusterTarget();

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        Path log = Path.of("aqueduct-soak.log");
        if (target.url.isPresent()) {
            // The coordinator may be on another host: only the workers' memory is sampled (through sys.workers).
            return soak(target.url.get(), OptionalLong.empty(), out);
        }
        out.println("Starting an embedded Aqueduct cluster (log: " + log + ")...");
        try (EmbeddedAqueduct cluster = EmbeddedAqueduct.start(log)) {
            return soak(cluster.jdbcUrl(), OptionalLong.of(cluster.pid()), out);
        }
    }

    private int soak(String url, OptionalLong coordinatorPid, PrintStream out) throws Exception {
        String schemaUrl = AqueductUrls.schemaUrl(url, scaleFactor);
        SoakTally tally = new SoakTally();
        ExecutorService sessionThreads = Executors.newFixedThreadPool(sessions);
        ScheduledExecutorService background = Executors.newScheduledThreadPool(2);
        try (Connection monitor = DriverManager.getConnection(schemaUrl)) {
            Map<Integer, List<String>> answers = warmUp(monitor, out);
            MemorySampler sampler = new MemorySampler(monitor, coordinatorPid);
            long start = System.nanoTime();
            long deadline = start + (long) (minutes * 60e9);
            sampler.sample(0);
            background.scheduleWithFixedDelay(
                    () -> sampleQuietly(sampler, start, tally), sampleSeconds, sampleSeconds, TimeUnit.SECONDS);
            List<Future<Void>> running = new ArrayList<>();
            for (int session = 0; session < sessions; session++) {
                running.add(sessionThreads.submit(new SoakSession(
                        () -> DriverManager.getConnection(schemaUrl), answers, deadline, tally, background, session)));
            }
            for (Future<Void> session : running) {
                session.get();
            }
            long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();
            background.shutdownNow();
            background.awaitTermination(1, TimeUnit.MINUTES);
            sampler.sample(seconds);
            report(out, url, tally, sampler, seconds);
        } finally {
            sessionThreads.shutdownNow();
            background.shutdownNow();
        }
        return tally.unexpectedCount() == 0 ? 0 : 1;
    }

    /** Runs each TPC-H query once: warms the cluster up and records the answers the soak compares with. */
    private static Map<Integer, List<String>> warmUp(Connection connection, PrintStream out) throws SQLException {
        out.println("Warm-up: the 22 TPC-H queries once, their answers are the reference...");
        Map<Integer, List<String>> answers = new LinkedHashMap<>();
        for (int number : TpchQueries.numbers()) {
            answers.put(number, QueryResults.read(connection, TpchQueries.query(number)));
        }
        return answers;
    }

    private static void sampleQuietly(MemorySampler sampler, long start, SoakTally tally) {
        try {
            sampler.sample(Duration.ofNanos(System.nanoTime() - start).toSeconds());
        } catch (SQLException | RuntimeException e) {
            tally.unexpected("sample", SoakSession.describe(e));
        }
    }

    private void report(PrintStream out, String url, SoakTally tally, MemorySampler sampler, long seconds) {
        out.printf(
                Locale.ROOT,
                "%nSoak: %d sessions for %d s, TPC-H SF %s, %s%n",
                sessions,
                seconds,
                scaleFactor.label(),
                target.url.isPresent() ? url : "embedded cluster, 2 local workers");
        out.printf(
                Locale.ROOT,
                "Statements: %,d (%.1f/s)%n",
                tally.statements(),
                tally.statements() / (double) Math.max(1, seconds));
        tally.outcomes().forEach((outcome, count) -> out.printf(Locale.ROOT, "  %-22s %,d%n", outcome, count));
        out.printf("Unexpected errors: %d%n", tally.unexpectedCount());
        tally.firstUnexpected().forEach(error -> out.println("  " + error));

        Map<String, List<Long>> series = sampler.series();
        out.printf(
                "%nMemory, %d samples (every %d s), MiB:%n", sampler.samples().size(), sampleSeconds);
        out.println("| series | first | last | first quarter mean | last quarter mean | last/first quarter | flat |");
        out.println("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
        boolean allFlat = true;
        for (Map.Entry<String, List<Long>> entry : series.entrySet()) {
            List<Long> values = entry.getValue();
            MemoryTrend trend = MemoryTrend.of(values, ABSOLUTE_SLACK_BYTES);
            allFlat &= trend.flat();
            out.printf(
                    Locale.ROOT,
                    "| %s | %.1f | %.1f | %.1f | %.1f | %.2f | %s |%n",
                    entry.getKey(),
                    mebibytes(values.get(0)),
                    mebibytes(values.get(values.size() - 1)),
                    trend.firstQuartileMean() / (1 << 20),
                    trend.lastQuartileMean() / (1 << 20),
                    trend.ratio(),
                    trend.flat() ? "yes" : "NO");
        }
        out.println(allFlat ? "Memory flat: yes" : "Memory flat: NO (see the series marked NO)");
        out.println("\nSamples (s: MiB per series):");
        for (MemorySampler.Sample sample : sampler.samples()) {
            StringBuilder line = new StringBuilder().append(sample.seconds()).append(" s:");
            sample.bytes()
                    .forEach((name, value) -> line.append(String.format(
                            Locale.ROOT, " %s=%.1f;", name.replace("worker http://", ""), mebibytes(value))));
            out.println(line);
        }
    }

    private static double mebibytes(long bytes) {
        return bytes / (double) (1 << 20);
    }
}
