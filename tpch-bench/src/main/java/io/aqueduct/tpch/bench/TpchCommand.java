package io.aqueduct.tpch.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.tpch.TpchQueries;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code aqueduct bench tpch}: times the TPC-H queries through the Aqueduct JDBC driver, optionally next
 * to DuckDB on the same generated data, and writes {@code results.md} and {@code chart.png}.
 */
@Command(
        name = "tpch",
        mixinStandardHelpOptions = true,
        description = "Time the 22 TPC-H queries on Aqueduct, optionally compared with DuckDB.")
final class TpchCommand implements Callable<Integer> {
    enum Baseline {
        DUCKDB
    }

    static final String AQUEDUCT = "Aqueduct";

    /** Measured after the timed runs with AQE on: one EXPLAIN ANALYZE per query. */
    private Optional<EstimateErrors> estimateErrors = Optional.empty();

    private static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Spec
    CommandSpec spec;

    @Option(
            names = "--sf",
            required = true,
            converter = ScaleFactorConverter.class,
            description = "Scale factor: 0.01, 0.1, 1 or 10.")
    ScaleFactor scaleFactor;

    int iterations = 3;

    @Option(names = "--compare", description = "Also time the queries on this engine in the same run: duckdb.")
    Optional<Baseline> compare = Optional.empty();

    @Mixin
    ClusterTarget target = new ClusterTarget();

    @Option(
            names = "--queries",
            split = ",",
            converter = QueryNumberConverter.class,
            description = "Queries to run, e.g. 1,3,5. Default: all 22.")
    List<Integer> queries;

    @Option(
            names = "--output",
            description = "Folder for results.md and chart.png. Default: results/tpch-<sf>-<timestamp>.")
    Optional<Path> output = Optional.empty();

    /** Where the Aqueduct runs read TPC-H from. */
    enum DataFormat {
        generated,
        parquet
    }

    @Option(
            names = "--format",
            defaultValue = "generated",
            description =
                    "generated: the built-in tpch catalog; parquet: Parquet files written once by DuckDB under"
                            + " --data and read as file catalog 'files' (with --compare duckdb, DuckDB reads the same files;"
                            + " with --url, serve must have --catalog files=<data>/tpch-parquet-<sf>). Default: ${DEFAULT-VALUE}.")
    DataFormat format = DataFormat.generated;

    @Option(
            names = "--data",
            defaultValue = "data",
            description = "Folder kept between runs for --format parquet's files. Default: ${DEFAULT-VALUE}.")
    Path dataFolder = Path.of("data");

    @Option(
            names = "--vs-generated",
            description = "With --format parquet: also run the queries on the built-in tpch catalog in the same"
                    + " cluster, interleaved with the Parquet runs, and report Parquet / tpch catalog ratios.")
    boolean versusGenerated;

    /** The lineitem scans measured after the timed runs: the run's catalog first, then the tpch catalog's. */
    private final List<LineitemScan> scans = new ArrayList<>();
    /** The workers' memory at the end of each Aqueduct run. */
    private final List<WorkerMemoryPeaks> memoryPeaks = new ArrayList<>();

    /** With {@code --vs-generated}: the Parquet runs against the tpch catalog's. */
    private Optional<BenchReport> versusGeneratedReport = Optional.empty();

    /** The Parquet catalog folder of this run, when {@code --format parquet}. */
    private Optional<Path> parquetRoot = Optional.empty();

    @Option(
            names = "--aqe",
            defaultValue = "on",
            description =
                    "Adaptive task counts: on, off, both (Aqueduct with AQE on compared with AQE off, in one run: on one"
                            + " cluster, each query in both modes before the next, except with Parquet data),"
                            + " or fixed (AQE on, AQE off, and AQE off with each --fixed-tasks count, in one run);"
                            + " both and fixed not together with --compare. Default: ${DEFAULT-VALUE}.")
    AqeMode aqe = AqeMode.on;

    /** Which adaptive-execution settings the Aqueduct runs use. */
    enum AqeMode {
        on,
        off,
        both,
        fixed
    }

    static final List<Integer> DEFAULT_FIXED_TASK_COUNTS = List.of(1, 2, 4, 8);

    @Option(
            names = "--fixed-tasks",
            split = ",",
            converter = TaskCountConverter.class,
            description = "Task counts for --aqe fixed (implies it), each run with distributed.fixed_task_count and AQE"
                    + " off, e.g. 1,2,4,8. Default: 1,2,4,8.")
    List<Integer> fixedTasks;

    @Option(
            names = "--iterations",
            defaultValue = "3",
            description = "Timed runs per query, after one warm-up run. Default: ${DEFAULT-VALUE}.")
    void setIterations(int value) {
        if (value < 1) {
            throw new ParameterException(spec.commandLine(), "--iterations must be at least 1: " + value);
        }
        iterations = value;
    }

    /** The AQE mode in force: {@code --fixed-tasks} implies {@code fixed} unless {@code --aqe} says otherwise. */
    AqeMode aqeMode() {
        if (fixedTasks == null || aqe == AqeMode.fixed) {
            return aqe;
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--aqe")) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--fixed-tasks runs AQE off with fixed task counts: it goes with --aqe fixed, not --aqe " + aqe);
        }
        return AqeMode.fixed;
    }

    /** The fixed task counts to try, ascending, each once. */
    List<Integer> fixedTaskCounts() {
        return fixedTasks == null
                ? DEFAULT_FIXED_TASK_COUNTS
                : fixedTasks.stream().distinct().sorted().toList();
    }

    /** The queries to run, in the order given. */
    List<Integer> queries() {
        return queries == null ? TpchQueries.numbers() : List.copyOf(queries);
    }

    @Override
    public Integer call() throws Exception {
        AqeMode mode = aqeMode();
        if (versusGenerated && format != DataFormat.parquet) {
            throw new ParameterException(spec.commandLine(), "--vs-generated goes with --format parquet");
        }
        if (mode == AqeMode.fixed && format == DataFormat.parquet) {
            throw new ParameterException(spec.commandLine(), "--aqe fixed runs on the generated tpch catalog only");
        }
        if ((mode == AqeMode.both || mode == AqeMode.fixed) && compare.isPresent()) {
            throw new ParameterException(
                    spec.commandLine(), "--aqe %s compares Aqueduct's modes: drop --compare".formatted(mode));
        }
        PrintStream progress = System.err;
        Path folder = output.orElseGet(() -> Path.of(
                "results",
                "tpch-%s-%s".formatted(scaleFactor.label(), LocalDateTime.now().format(FOLDER_TIME))));
        Files.createDirectories(folder);
        Benchmark benchmark = new Benchmark(queries(), new QueryTimer(iterations, System::nanoTime), progress);
        if (format == DataFormat.parquet) {
            parquetRoot = Optional.of(ParquetTpch.ensure(dataFolder, scaleFactor, progress));
        }
        if (mode == AqeMode.fixed) {
            return callTaskCounts(benchmark, folder, progress);
        }

        List<EngineResults> engines = new ArrayList<>();
        if (aqe == AqeMode.both && parquetRoot.isEmpty()) {
            engines.addAll(target.run(
                    folder.resolve("aqueduct.log"), progress, jdbcUrl -> runBothModesAt(benchmark, jdbcUrl)));
        } else {
            engines.add(runAqueduct(benchmark, folder, progress, aqe != AqeMode.off));
            if (aqe == AqeMode.both) {
                engines.add(runAqueduct(benchmark, folder, progress, false));
            }
        }
        if (compare.isPresent()) {
            progress.printf("Loading TPC-H SF %s into DuckDB...%n", scaleFactor.label());
            try (Connection connection =
                    parquetRoot.isPresent() ? ParquetTpch.duckDb(parquetRoot.get()) : DuckDbTpch.load(scaleFactor)) {
                engines.add(benchmark.run(DuckDbTpch.ENGINE, connection));
            }
        }

        BenchReport report = new BenchReport(scaleFactor, iterations, target.describe(), queries(), engines);
        publish(folder, MarkdownReport.render(report), chart -> ResultsChart.write(report, chart));
        return 0;
    }

    /** A chart drawn into a file. */
    @FunctionalInterface
    private interface ChartWriter {
        void write(Path chart) throws IOException;
    }

    /** Prints the report with the estimates' q-errors, and writes it and its chart into {@code folder}. */
    private void publish(Path folder, String markdown, ChartWriter chart) throws IOException {
        StringBuilder extra = new StringBuilder();
        estimateErrors.ifPresent(
                errors -> extra.append('\n').append(errors.summary()).append('\n'));
        for (LineitemScan scan : scans) {
            extra.append('\n').append(scan.summary()).append('\n');
        }
        if (scans.size() == 2) {
            extra.append('\n').append(scans.get(0).ratioTo(scans.get(1))).append('\n');
        }
        for (WorkerMemoryPeaks peaks : memoryPeaks) {
            extra.append('\n').append(peaks.summary());
        }
        versusGeneratedReport.ifPresent(report -> extra.append('\n').append(MarkdownReport.render(report)));
        Files.writeString(folder.resolve("results.md"), markdown + extra, UTF_8);
        chart.write(folder.resolve("chart.png"));
        System.out.println(markdown);
        System.out.println(extra.toString().strip());
        System.out.println("Wrote " + folder.resolve("results.md") + " and " + folder.resolve("chart.png"));
    }

    /** {@code --aqe fixed}: every mode on one cluster, each query in every mode before the next. */
    private int callTaskCounts(Benchmark benchmark, Path folder, PrintStream progress) throws Exception {
        TaskCountReport report =
                target.run(folder.resolve("aqueduct.log"), progress, jdbcUrl -> runTaskCountsAt(benchmark, jdbcUrl));
        publish(folder, TaskCountMarkdown.render(report), chart -> ResultsChart.write(report, chart));
        return 0;
    }

    private TaskCountReport runTaskCountsAt(Benchmark benchmark, String coordinatorUrl) throws Exception {
        Map<String, Properties> sessions = new LinkedHashMap<>();
        sessions.put("AQE on", sessionProperties(true, 0));
        sessions.put("AQE off", sessionProperties(false, 0));
        for (int count : fixedTaskCounts()) {
            sessions.put(fixedModeName(count), sessionProperties(false, count));
        }
        Map<String, Connection> connections = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, Properties> session : sessions.entrySet()) {
                connections.put(
                        session.getKey(),
                        DriverManager.getConnection(
                                AqueductUrls.schemaUrl(coordinatorUrl, scaleFactor), session.getValue()));
            }
            Map<String, EngineResults> results = new LinkedHashMap<>();
            benchmark.runInterleaved(connections).forEach(mode -> results.put(mode.engine(), mode));
            estimateErrors = Optional.of(EstimateErrors.measure(connections.get("AQE on"), queries()));
            NavigableMap<Integer, EngineResults> fixed = new TreeMap<>();
            for (int count : fixedTaskCounts()) {
                fixed.put(count, results.get(fixedModeName(count)));
            }
            return new TaskCountReport(
                    scaleFactor,
                    iterations,
                    target.describe(),
                    queries(),
                    results.get("AQE on"),
                    results.get("AQE off"),
                    fixed);
        } finally {
            for (Connection connection : connections.values()) {
                connection.close();
            }
        }
    }

    static String fixedModeName(int taskCount) {
        return "Fixed " + taskCount;
    }

    /** Session settings of one mode: adaptive task counts on or off, and a fixed task count (0 = none). */
    static Properties sessionProperties(boolean adaptive, int fixedTaskCount) {
        Properties properties = new Properties();
        properties.setProperty("distributed.dynamic_task_count", Boolean.toString(adaptive));
        if (fixedTaskCount > 0) {
            properties.setProperty("distributed.fixed_task_count", Integer.toString(fixedTaskCount));
        }
        return properties;
    }

    private EngineResults runAqueduct(Benchmark benchmark, Path folder, PrintStream progress, boolean adaptive)
            throws Exception {
        Path log = folder.resolve(adaptive ? "aqueduct.log" : "aqueduct-aqe-off.log");
        List<String> serveOptions = parquetRoot
                .map(root -> List.of(ParquetTpch.catalogOption(root)))
                .orElse(List.of());
        return target.run(log, serveOptions, progress, jdbcUrl -> runAqueductAt(benchmark, jdbcUrl, adaptive));
    }

    /**
     * {@code --aqe both} on generated data: AQE on and AQE off as two sessions of one cluster, each query timed in
     * both modes before the next, so that a busy machine's load weighs on both alike.
     */
    private List<EngineResults> runBothModesAt(Benchmark benchmark, String coordinatorUrl) throws Exception {
        String url = AqueductUrls.schemaUrl(coordinatorUrl, scaleFactor);
        try (Connection adaptive = DriverManager.getConnection(url, sessionProperties(true, 0));
                Connection staticCounts = DriverManager.getConnection(url, sessionProperties(false, 0))) {
            Map<String, Connection> modes = new LinkedHashMap<>();
            modes.put(AQUEDUCT + " (AQE on)", adaptive);
            modes.put(AQUEDUCT + " (AQE off)", staticCounts);
            List<EngineResults> results = benchmark.runInterleaved(modes);
            memoryPeaks.add(WorkerMemoryPeaks.measure(adaptive, AQUEDUCT + " (AQE on and off)"));
            estimateErrors = Optional.of(EstimateErrors.measure(adaptive, queries()));
            return results;
        }
    }

    private EngineResults runAqueductAt(Benchmark benchmark, String coordinatorUrl, boolean adaptive) throws Exception {
        Properties properties = sessionProperties(adaptive, 0);
        String engine = aqe == AqeMode.both ? AQUEDUCT + (adaptive ? " (AQE on)" : " (AQE off)") : AQUEDUCT;
        String generatedUrl = AqueductUrls.schemaUrl(coordinatorUrl, scaleFactor);
        if (parquetRoot.isEmpty()) {
            try (Connection connection = DriverManager.getConnection(generatedUrl, properties)) {
                EngineResults results = benchmark.run(engine, connection);
                memoryPeaks.add(WorkerMemoryPeaks.measure(connection, engine));
                if (adaptive) {
                    estimateErrors = Optional.of(EstimateErrors.measure(connection, queries()));
                    scans.add(LineitemScan.measure(connection, "tpch", OptionalLong.empty()));
                }
                return results;
            }
        }
        String parquetUrl = AqueductUrls.schemaUrl(coordinatorUrl, ParquetTpch.CATALOG, ParquetTpch.SCHEMA);
        try (Connection parquet = DriverManager.getConnection(parquetUrl, properties);
                Connection generated = DriverManager.getConnection(generatedUrl, properties)) {
            EngineResults results;
            if (versusGenerated) {
                Map<String, Connection> engines = new LinkedHashMap<>();
                engines.put(engine + " (Parquet)", parquet);
                engines.put(engine + " (tpch catalog)", generated);
                List<EngineResults> both = benchmark.runInterleaved(engines);
                versusGeneratedReport =
                        Optional.of(new BenchReport(scaleFactor, iterations, target.describe(), queries(), both));
                results = new EngineResults(engine, both.get(0).runs());
            } else {
                results = benchmark.run(engine, parquet);
            }
            memoryPeaks.add(WorkerMemoryPeaks.measure(parquet, engine));
            if (adaptive) {
                estimateErrors = Optional.of(EstimateErrors.measure(parquet, queries()));
                scans.add(LineitemScan.measure(
                        parquet, "Parquet", OptionalLong.of(ParquetTpch.fileBytes(parquetRoot.get(), "lineitem"))));
                scans.add(LineitemScan.measure(generated, "tpch catalog", OptionalLong.empty()));
            }
            return results;
        }
    }

    static final class ScaleFactorConverter implements ITypeConverter<ScaleFactor> {
        @Override
        public ScaleFactor convert(String value) {
            try {
                return ScaleFactor.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class TaskCountConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                int count = Integer.parseInt(value.strip());
                if (count >= 1) {
                    return count;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new TypeConversionException("Fixed task counts are whole numbers of at least 1: " + value);
        }
    }

    static final class QueryNumberConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                int query = Integer.parseInt(value.strip());
                if (TpchQueries.numbers().contains(query)) {
                    return query;
                }
            } catch (NumberFormatException e) {
                // reported below, with the accepted range
            }
            throw new TypeConversionException("TPC-H queries are numbered 1 to 22: " + value);
        }
    }
}
