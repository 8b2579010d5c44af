package io.aqueduct.it.cluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real Aqueduct cluster for integration tests: {@code aqueduct serve --port 0 --local-workers 2}
 * started as a child process from the server jar of this checkout, with a random cluster secret. Its
 * stdout and stderr (the workers' stderr included) are kept in memory and written to a log file under
 * {@code src-it/target/cluster-logs}.
 *
 * <pre>{@code
 * try (AqueductCluster cluster = AqueductCluster.builder().coordinatorJvmOptions("-Xmx256m").start();
 *         Connection connection = cluster.connect()) {
 *     ...
 *     cluster.awaitWorkersIdle();
 * }
 * }</pre>
 *
 * <p>{@link #close()} stops the coordinator with SIGTERM and fails unless it and both workers exit.
 */
public final class AqueductCluster implements AutoCloseable {
    public static final String WARMUP_OPTION = "--warmup-seconds";
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(20);
    public static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    private static final String HOME_PROPERTY = "aqueduct.home";
    /** The server module's build folder, with its jar and lib/. */
    private static final String SERVER_BUILD_PROPERTY = "aqueduct.serverBuild";

    private static final String VERSION_PROPERTY = "aqueduct.version";
    private static final String LOG_DIRECTORY_PROPERTY = "aqueduct.it.logDirectory";
    private static final String SECRET_HEADER = "X-Aqueduct-Secret";
    private static final String READY_PREFIX = "Aqueduct ready: ";
    private static final String WORKERS_PREFIX = "Aqueduct workers: ";
    private static final String WORKER_READY_PREFIX = "Aqueduct worker ready: ";
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);
    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final String name;
    private final Process coordinator;
    private final ProcessOutput output;
    private final Path logFile;
    private final String secret;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, Long> workerPids = new LinkedHashMap<>();
    /** Stops the coordinator (and so its workers) if the test JVM exits without closing the cluster. */
    private final Thread stopOnExit;

    private String jdbcUrl;
    private List<String> workerUrls;
    private boolean closed;

    private AqueductCluster(String name, Process coordinator, ProcessOutput output, Path logFile, String secret) {
        this.name = name;
        this.coordinator = coordinator;
        this.output = output;
        this.logFile = logFile;
        this.secret = secret;
        this.stopOnExit = new Thread(coordinator::destroy, "aqueduct-it-stop-" + name);
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A cluster with the default options. */
    public static AqueductCluster start() throws IOException, InterruptedException {
        return builder().start();
    }

    /** JDBC URL of the coordinator, {@code jdbc:aqueduct://localhost:<port>}. */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /** A new connection through {@link DriverManager}, as any JDBC client makes it. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl);
    }

    /** A connection with these connection properties (engine settings, catalog, schema). */
    public Connection connect(Properties properties) throws SQLException {
        return DriverManager.getConnection(jdbcUrl, properties);
    }

    /** A connection whose unqualified table names resolve in {@code catalog.schema}. */
    public Connection connect(String catalog, String schema) throws SQLException {
        return DriverManager.getConnection(jdbcUrl + "/" + catalog + "/" + schema);
    }

    /** Base URLs of the two workers, in the order {@code serve} announced them. */
    public List<String> workerUrls() {
        return workerUrls;
    }

    /** Process id of the worker at {@code workerUrl}, as it reported it at startup. */
    public long workerPid(String workerUrl) {
        Long pid = workerPids.get(workerUrl);
        if (pid == null) {
            throw new IllegalArgumentException("Not a worker of this cluster: " + workerUrl);
        }
        return pid;
    }

    public String secret() {
        return secret;
    }

    public boolean isCoordinatorAlive() {
        return coordinator.isAlive();
    }

    /** Every line the coordinator and its workers have written so far. */
    public List<String> logLines() {
        return output.lines();
    }

    /** The first log line matching {@code predicate}, waiting up to {@code timeout} for it to appear. */
    public Optional<String> awaitLogLine(Predicate<String> predicate, Duration timeout) throws InterruptedException {
        return output.awaitLine(predicate, timeout, coordinator::isAlive);
    }

    /** {@code GET /v1/info} of a worker, with the cluster secret. */
    public WorkerInfo workerInfo(String workerUrl) {
        HttpResponse<String> response = get(workerUrl + "/v1/info", Optional.of(secret));
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    "GET %s/v1/info answered %d: %s".formatted(workerUrl, response.statusCode(), response.body()));
        }
        try {
            return JSON.readValue(response.body(), WorkerInfo.class);
        } catch (IOException e) {
            throw new UncheckedIOException("Unreadable worker info: " + response.body(), e);
        }
    }

    /** A GET to a worker with an optional {@code X-Aqueduct-Secret} header. */
    public HttpResponse<String> get(String url, Optional<String> secretHeader) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10))
                .GET();
        secretHeader.ifPresent(value -> request.header(SECRET_HEADER, value));
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + url + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted during GET " + url, e);
        }
    }

    /** The leak check: every worker ends up holding no task and no Arrow memory. */
    public void awaitWorkersIdle() throws InterruptedException {
        awaitWorkersIdle(workerUrls);
    }

    /**
     * Polls the workers at {@code urls} until each holds no task and no Arrow memory; fails with their
     * last info when {@link #IDLE_TIMEOUT} passes first.
     */
    public void awaitWorkersIdle(Collection<String> urls) throws InterruptedException {
        long deadline = System.nanoTime() + IDLE_TIMEOUT.toNanos();
        while (true) {
            List<WorkerInfo> infos = urls.stream().map(this::workerInfo).toList();
            if (infos.stream().allMatch(WorkerInfo::isIdle)) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("Workers still hold tasks or memory after %d s: %s"
                        .formatted(IDLE_TIMEOUT.toSeconds(), summarize(infos)));
            }
            Thread.sleep(POLL_INTERVAL.toMillis());
        }
    }

    private static String summarize(List<WorkerInfo> infos) {
        return infos.stream()
                .map(info -> "%s activeTasks=%d allocatedBytes=%d"
                        .formatted(info.url(), info.activeTasks(), info.allocatedBytes()))
                .toList()
                .toString();
    }

    /**
     * Sends SIGTERM to the coordinator and waits for it to exit; fails if it does not, or if a worker
     * process outlives it (an orphan JVM). Stragglers are killed before failing.
     */
    @Override
    public void close() throws IOException, InterruptedException {
        if (closed) {
            return;
        }
        closed = true;
        removeShutdownHook();
        List<String> problems = new ArrayList<>();
        coordinator.destroy();
        if (!coordinator.waitFor(SHUTDOWN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            problems.add("the coordinator did not exit within %d s of SIGTERM".formatted(SHUTDOWN_TIMEOUT.toSeconds()));
            coordinator.destroyForcibly().waitFor();
        }
        List<Long> orphans = awaitExit(workerPids.values());
        if (!orphans.isEmpty()) {
            problems.add("worker processes " + orphans + " outlived the coordinator");
            orphans.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
        output.close();
        if (!problems.isEmpty()) {
            throw new AssertionError("Cluster '%s' did not stop cleanly: %s (log: %s)"
                    .formatted(name, String.join("; ", problems), logFile));
        }
    }

    private void removeShutdownHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException shutdownInProgress) {
            // the hook is running or about to: it stops the coordinator anyway
        }
    }

    /** Waits up to {@link #SHUTDOWN_TIMEOUT} for the processes to exit; returns those still alive. */
    private static List<Long> awaitExit(Collection<Long> pids) throws InterruptedException {
        long deadline = System.nanoTime() + SHUTDOWN_TIMEOUT.toNanos();
        while (true) {
            List<Long> alive = pids.stream()
                    .filter(pid ->
                            ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .toList();
            if (alive.isEmpty() || System.nanoTime() - deadline > 0) {
                return alive;
            }
            Thread.sleep(POLL_INTERVAL.toMillis());
        }
    }

    /** Waits for the ready lines, then learns the workers' pids; fails with the captured output. */
    private void awaitReady() throws InterruptedException {
        Optional<String> ready = awaitLogLine(line -> line.startsWith(READY_PREFIX), STARTUP_TIMEOUT);
        if (ready.isEmpty()) {
            String state = coordinator.isAlive()
                    ? "not ready after %d s".formatted(STARTUP_TIMEOUT.toSeconds())
                    : "exited with code " + coordinator.waitFor();
            throw new IllegalStateException(
                    "Aqueduct cluster '%s' %s; output:%n%s".formatted(name, state, output.text()));
        }
        jdbcUrl = ready.get().substring(READY_PREFIX.length()).strip();
        String workers = output.lines().stream()
                .filter(line -> line.startsWith(WORKERS_PREFIX))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("No '" + WORKERS_PREFIX + "' line in:\n" + output.text()));
        workerUrls = Arrays.stream(workers.substring(WORKERS_PREFIX.length()).split(","))
                .map(String::strip)
                .toList();
        for (String url : workerUrls) {
            workerPids.put(url, workerInfo(url).pid());
        }
    }

    /**
     * Runs {@code aqueduct ARGUMENTS} from this checkout's server build with {@code standardInput} and
     * returns what it printed; fails unless it exits with 0 within a minute.
     */
    public static String runCommand(String standardInput, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(mainCommand(List.of("-Xmx128m")));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command)
                .directory(home().toFile())
                .redirectErrorStream(true)
                .start();
        try (OutputStream input = process.getOutputStream()) {
            input.write(standardInput.getBytes(StandardCharsets.UTF_8));
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(1, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException("aqueduct " + String.join(" ", arguments) + " failed:\n" + output);
        }
        return output;
    }

    /** A worker process started apart from the cluster's own, and the URL it announced. */
    public record ExtraWorker(Process process, String url) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            process.destroyForcibly().waitFor(SHUTDOWN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    /**
     * Starts {@code aqueduct worker --secret SECRET ARGUMENTS} from this checkout's server build, as one
     * would on another host, and waits until it announces its URL; its output goes to this cluster's log.
     */
    public ExtraWorker startWorker(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(mainCommand(List.of("-Xmx512m")));
        command.addAll(List.of("worker", "--secret", secret));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command)
                .directory(home().toFile())
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        java.io.BufferedReader lines = new java.io.BufferedReader(
                new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = lines.readLine()) != null) {
            if (line.startsWith(WORKER_READY_PREFIX)) {
                String url = line.substring(WORKER_READY_PREFIX.length()).strip();
                Thread drain = new Thread(() -> lines.lines().forEach(ignored -> {}), "aqueduct-it-extra-worker");
                drain.setDaemon(true);
                drain.start();
                return new ExtraWorker(process, url);
            }
        }
        throw new IllegalStateException(
                "The extra worker exited before it was ready: " + process.waitFor(10, TimeUnit.SECONDS));
    }

    private static Path home() {
        return Path.of(requiredProperty(HOME_PROPERTY)).toAbsolutePath().normalize();
    }

    /** {@code java OPTIONS -cp <server build> io.aqueduct.server.cli.Main}, without the subcommand. */
    private static List<String> mainCommand(List<String> jvmOptions) {
        Path serverBuild = Path.of(requiredProperty(SERVER_BUILD_PROPERTY))
                .toAbsolutePath()
                .normalize();
        Path serverJar = serverBuild.resolve("aqueduct-server-%s.jar".formatted(requiredProperty(VERSION_PROPERTY)));
        if (!Files.isRegularFile(serverJar)) {
            throw new IllegalStateException(
                    serverJar + " is missing: build the server first (mvn -o install -DskipTests)");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
        command.add("-cp");
        command.add(serverJar + java.io.File.pathSeparator + serverBuild.resolve("lib") + "/*");
        command.add("io.aqueduct.server.cli.Main");
        return command;
    }

    private static String requiredProperty(String key) {
        String value = System.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(
                    "System property " + key + " is not set (src-it/pom.xml sets it for Surefire)");
        }
        return value;
    }

    /** Options of a cluster; {@link #start()} launches it. */
    public static final class Builder {
        private String name = "cluster";
        private List<String> coordinatorJvmOptions = List.of("-Xmx1g");
        private List<String> serveArguments = List.of();
        private int localWorkers = 2;

        private Builder() {}

        /** Names the cluster in its log file name and in failure messages. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** JVM options of the coordinator process, replacing the default {@code -Xmx1g}. */
        public Builder coordinatorJvmOptions(String... options) {
            this.coordinatorJvmOptions = List.of(options);
            return this;
        }

        /** How many local workers {@code serve} spawns, 2 by default. */
        public Builder localWorkers(int count) {
            this.localWorkers = count;
            return this;
        }

        /** More arguments of {@code aqueduct serve}, after the defaults, e.g. {@code --auth-file FILE} or {@code "--catalog", "lake=/data"}. */
        public Builder serveArguments(String... arguments) {
            this.serveArguments = List.of(arguments);
            return this;
        }

        public AqueductCluster start() throws IOException, InterruptedException {
            Path home = home();
            String secret = randomSecret();
            List<String> command = new ArrayList<>(mainCommand(coordinatorJvmOptions));
            command.addAll(List.of(
                    "serve", "--port", "0", "--local-workers", String.valueOf(localWorkers), "--secret", secret));
            // Tests start many clusters: they skip the start-up workload unless they ask for it (TestWarmUp does).
            if (!serveArguments.contains(WARMUP_OPTION)) {
                command.addAll(List.of(WARMUP_OPTION, "0"));
            }
            command.addAll(serveArguments);
            Path logFile = Path.of(requiredProperty(LOG_DIRECTORY_PROPERTY))
                    .resolve("%s-%s.log".formatted(name, LocalDateTime.now().format(LOG_TIME)));
            ProcessOutput output = new ProcessOutput(logFile);
            Process process =
                    new ProcessBuilder(command).directory(home.toFile()).start();
            process.getOutputStream().close();
            output.follow(process.getInputStream(), "out| ");
            output.follow(process.getErrorStream(), "err| ");
            AqueductCluster cluster = new AqueductCluster(name, process, output, logFile, secret);
            try {
                cluster.awaitReady();
                return cluster;
            } catch (RuntimeException | InterruptedException e) {
                try {
                    cluster.close();
                } catch (AssertionError | IOException closeFailure) {
                    e.addSuppressed(closeFailure);
                }
                throw e;
            }
        }

        private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

        private static String randomSecret() {
            byte[] bytes = new byte[16];
            new SecureRandom().nextBytes(bytes);
            return HexFormat.of().formatHex(bytes);
        }
    }
}
