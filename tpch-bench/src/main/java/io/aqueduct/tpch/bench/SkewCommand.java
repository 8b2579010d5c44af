package io.aqueduct.tpch.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.skew.SkewQueries;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code aqueduct bench skew}: times the skew queries ({@link SkewQueries}) over the built-in {@code skew}
 * catalog with AQE on and with AQE off in one run, checks that both modes return the same rows, and writes
 * {@code results.md} and {@code chart.png}. Both sessions turn the runtime broadcast switch off (a small
 * {@code dim} would otherwise be broadcast, which hides the skew) and lower the skew threshold. Exits with
 * 1 when a query failed or the two modes' results differ.
 */
@Command(
        name = "skew",
        mixinStandardHelpOptions = true,
        description =
                "Time the skew queries on Aqueduct with AQE on and off, and check that both return the same rows.")
final class SkewCommand implements Callable<Integer> {
    static final String BROADCAST_MAX_BYTES = "distributed.broadcast_max_bytes";
    static final String SKEW_MIN_BYTES = "distributed.skew_min_bytes";
    static final String ADAPTIVE = "AQE on";
    static final String STATIC = "AQE off";

    private static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Spec
    CommandSpec spec;

    @Option(
            names = "--size",
            defaultValue = "small",
            description =
                    "Schema of the skew catalog: tiny (100k fact rows), small (1M), medium (10M), large (100M), or hot (4M, key 1 in 80%% of them)."
                            + " Default: ${DEFAULT-VALUE}.")
    SkewSize size = SkewSize.SMALL;

    int iterations = 3;

    @Mixin
    ClusterTarget target = new ClusterTarget();

    @Option(
            names = "--queries",
            split = ",",
            converter = QueryNameConverter.class,
            description =
                    "Queries to run, e.g. join_by_group,aggregate_by_key. Default: all (${COMPLETION-CANDIDATES}).",
            completionCandidates = QueryNames.class)
    List<String> queries;

    @Option(
            names = "--output",
            description = "Folder for results.md and chart.png. Default: results/skew-<size>-<timestamp>.")
    Optional<Path> output = Optional.empty();

    @Option(
            names = "--broadcast-max-bytes",
            defaultValue = "0",
            converter = ByteCountConverter.class,
            description = "distributed.broadcast_max_bytes of both sessions; 0 keeps every join partitioned."
                    + " Default: ${DEFAULT-VALUE}.")
    String broadcastMaxBytes = "0";

    @Option(
            names = "--skew-min-bytes",
            defaultValue = "1MB",
            converter = ByteCountConverter.class,
            description = "distributed.skew_min_bytes of both sessions: a bucket smaller than this is never treated"
                    + " as skewed. Default: ${DEFAULT-VALUE}.")
    String skewMinBytes = "1MB";

    @Option(
            names = "--iterations",
            defaultValue = "3",
            description = "Timed runs per query and mode, after one warm-up run. Default: ${DEFAULT-VALUE}.")
    void setIterations(int value) {
        if (value < 1) {
            throw new ParameterException(spec.commandLine(), "--iterations must be at least 1: " + value);
        }
        iterations = value;
    }

    /** The query names to run, in the order given. */
    List<String> queries() {
        return queries == null ? SkewQueries.names() : List.copyOf(queries);
    }

    /** The settings both sessions run with, in report order. */
    Map<String, String> sharedSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(BROADCAST_MAX_BYTES, broadcastMaxBytes);
        settings.put(SKEW_MIN_BYTES, skewMinBytes);
        return settings;
    }

    /** Session properties of one mode: the shared settings and adaptive task counts on or off. */
    Properties sessionProperties(boolean adaptive) {
        Properties properties = new Properties();
        sharedSettings().forEach(properties::setProperty);
        properties.setProperty("distributed.dynamic_task_count", Boolean.toString(adaptive));
        return properties;
    }

    @Override
    public Integer call() throws Exception {
        PrintStream progress = System.err;
        Path folder = output.orElseGet(() -> Path.of(
                "results",
                "skew-%s-%s".formatted(size.schema(), LocalDateTime.now().format(FOLDER_TIME))));
        Files.createDirectories(folder);
        SkewReport report = target.run(folder.resolve("aqueduct.log"), progress, jdbcUrl -> runAt(jdbcUrl, progress));
        String markdown = SkewMarkdown.render(report);
        Files.writeString(folder.resolve("results.md"), markdown, UTF_8);
        List<Integer> drawn = report.queriesCompletedByBoth();
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (EngineResults mode : List.of(report.adaptive(), report.staticCounts())) {
            series.put(
                    mode.engine(),
                    drawn.stream()
                            .map(query -> mode.completed(query)
                                    .orElseThrow()
                                    .timings()
                                    .medianMillis())
                            .toList());
        }
        ResultsChart.write(
                "Skew workload, skew.%s, median of %d timed iteration%s"
                        .formatted(size.schema(), iterations, iterations == 1 ? "" : "s"),
                drawn.stream().map(report::name).toList(),
                series,
                folder.resolve("chart.png"));
        System.out.println(markdown);
        System.out.println("Wrote " + folder.resolve("results.md") + " and " + folder.resolve("chart.png"));
        List<String> problems = report.problems();
        if (!problems.isEmpty()) {
            System.err.println("SKEW BENCHMARK FAILED:");
            problems.forEach(problem -> System.err.println("  " + problem));
            return 1;
        }
        return 0;
    }

    private SkewReport runAt(String coordinatorUrl, PrintStream progress) throws SQLException {
        List<String> names = queries();
        String schemaUrl = AqueductUrls.schemaUrl(coordinatorUrl, "skew", size.schema());
        Benchmark benchmark = new Benchmark(
                SkewReport.numbers(names.size()),
                query -> SkewQueries.query(names.get(query - 1)),
                query -> names.get(query - 1),
                new QueryTimer(iterations, System::nanoTime),
                progress);
        try (Connection adaptive = DriverManager.getConnection(schemaUrl, sessionProperties(true));
                Connection staticCounts = DriverManager.getConnection(schemaUrl, sessionProperties(false))) {
            Map<String, Connection> modes = new LinkedHashMap<>();
            modes.put(ADAPTIVE, adaptive);
            modes.put(STATIC, staticCounts);
            List<EngineResults> results = benchmark.runInterleaved(modes);
            Map<Integer, ResultCheck> checks = new HashMap<>();
            for (int query : SkewReport.numbers(names.size())) {
                ResultCheck check = check(adaptive, staticCounts, SkewQueries.query(names.get(query - 1)));
                progress.println("%s: results %s".formatted(names.get(query - 1), describe(check)));
                checks.put(query, check);
            }
            return new SkewReport(
                    size,
                    iterations,
                    target.describe(),
                    sharedSettings(),
                    names,
                    results.get(0),
                    results.get(1),
                    checks);
        }
    }

    private static ResultCheck check(Connection adaptive, Connection staticCounts, String sql) {
        try {
            return QueryResults.compare(
                    ADAPTIVE, QueryResults.read(adaptive, sql), STATIC, QueryResults.read(staticCounts, sql));
        } catch (SQLException | RuntimeException e) {
            String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
            return new ResultCheck.Unchecked(
                    message.lines().findFirst().orElse(message).strip());
        }
    }

    private static String describe(ResultCheck check) {
        if (check instanceof ResultCheck.Equal equal) {
            return "equal in both modes (%d rows)".formatted(equal.rowCount());
        }
        if (check instanceof ResultCheck.Different different) {
            return "DIFFER: " + different.detail();
        }
        return "not compared: " + ((ResultCheck.Unchecked) check).reason();
    }

    /** The skew query names, for the help text. */
    static final class QueryNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return SkewQueries.names().iterator();
        }
    }

    static final class QueryNameConverter implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String name = value.strip().toLowerCase(Locale.ROOT);
            if (SkewQueries.names().contains(name)) {
                return name;
            }
            throw new TypeConversionException(
                    "Skew queries are %s: %s".formatted(String.join(", ", SkewQueries.names()), value));
        }
    }

    /** A byte count as the server's settings take it: digits with an optional B, KB, MB or GB suffix. */
    static final class ByteCountConverter implements ITypeConverter<String> {
        private static final Pattern BYTES = Pattern.compile("\\d+\\s*([KMG]?B)?", Pattern.CASE_INSENSITIVE);

        @Override
        public String convert(String value) {
            String bytes = value.strip();
            if (BYTES.matcher(bytes).matches()) {
                return bytes;
            }
            throw new TypeConversionException("Expected a byte count such as 0, 1048576 or 1MB: " + value);
        }
    }
}
