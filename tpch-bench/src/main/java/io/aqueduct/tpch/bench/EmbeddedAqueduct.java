package io.aqueduct.tpch.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A coordinator and two local workers, started as {@code aqueduct serve --port 0} in a child process;
 * everything it prints goes to a log file. {@link #close()} stops it with SIGTERM, which stops the
 * workers too.
 */
final class EmbeddedAqueduct implements AutoCloseable {
    /** Set by {@code bin/aqueduct}: the server jar and its libraries. */
    static final String SERVER_CLASSPATH_PROPERTY = "aqueduct.server.classpath";

    private static final String READY_PREFIX = "Aqueduct ready: ";
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);
    /**
     * As {@code bin/aqueduct} starts a coordinator: without Arrow's per-access bounds and NULL checks, and
     * with the C1 compiler only.
     */
    private static final List<String> JVM_OPTIONS = List.of(
            "-XX:TieredStopAtLevel=1",
            "-Xmx1g",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "-Darrow.enable_unsafe_memory_access=true",
            "-Darrow.enable_null_check_for_get=false");

    private final Process process;
    private final String jdbcUrl;

    private EmbeddedAqueduct(Process process, String jdbcUrl) {
        this.process = process;
        this.jdbcUrl = jdbcUrl;
    }

    /** Work done against a coordinator, given by its JDBC URL. */
    @FunctionalInterface
    interface ClusterWork<T> {
        T runAt(String jdbcUrl) throws Exception;
    }

    /**
     * Runs {@code work} against the coordinator at {@code url}, or, without one, against an embedded
     * cluster started for it (logging to {@code logFile}) and stopped afterwards.
     */
    static <T> T runAt(Optional<String> url, Path logFile, PrintStream progress, ClusterWork<T> work) throws Exception {
        return runAt(url, logFile, List.of(), progress, work);
    }

    /** {@link #runAt(Optional, Path, PrintStream, ClusterWork)} with more {@code serve} options for an embedded cluster. */
    static <T> T runAt(
            Optional<String> url, Path logFile, List<String> serveOptions, PrintStream progress, ClusterWork<T> work)
            throws Exception {
        if (url.isPresent()) {
            return work.runAt(url.get());
        }
        progress.println("Starting an embedded Aqueduct cluster (log: " + logFile + ")...");
        try (EmbeddedAqueduct cluster = start(logFile, serveOptions)) {
            return work.runAt(cluster.jdbcUrl());
        }
    }

    /** Starts the cluster and waits until it accepts connections. */
    static EmbeddedAqueduct start(Path logFile) throws IOException, InterruptedException {
        return start(logFile, List.of());
    }

    static EmbeddedAqueduct start(Path logFile, List<String> serveOptions) throws IOException, InterruptedException {
        String classpath = System.getProperty(SERVER_CLASSPATH_PROPERTY);
        if (classpath == null || classpath.isBlank()) {
            throw new IllegalStateException("System property " + SERVER_CLASSPATH_PROPERTY
                    + " is not set: run through bin/aqueduct bench, or pass --url");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-cp", classpath, "io.aqueduct.server.cli.Main", "serve", "--port", "0"));
        command.addAll(serveOptions);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        CompletableFuture<String> ready = followOutput(process, logFile);
        try {
            String url = ready.get(STARTUP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return new EmbeddedAqueduct(process, url);
        } catch (ExecutionException | TimeoutException e) {
            stop(process);
            throw new IllegalStateException(
                    "Aqueduct did not start within %d s; see %s".formatted(STARTUP_TIMEOUT.toSeconds(), logFile), e);
        }
    }

    /** The coordinator's URL as {@code serve} printed it, {@code jdbc:aqueduct://localhost:<port>}. */
    String jdbcUrl() {
        return jdbcUrl;
    }

    /** The coordinator's process id: the soak samples its memory. */
    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        stop(process);
    }

    private static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(SHUTDOWN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    /**
     * Copies the process output to {@code logFile} on a daemon thread; the future completes with the JDBC
     * URL from the ready line, or fails if the output ends before it.
     */
    private static CompletableFuture<String> followOutput(Process process, Path logFile) throws IOException {
        CompletableFuture<String> ready = new CompletableFuture<>();
        PrintWriter log = new PrintWriter(Files.newBufferedWriter(logFile, UTF_8), true);
        Thread follower = new Thread(
                () -> {
                    try (log;
                            BufferedReader reader =
                                    new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
                        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                            log.println(line);
                            if (line.startsWith(READY_PREFIX)) {
                                ready.complete(
                                        line.substring(READY_PREFIX.length()).strip());
                            }
                        }
                        ready.completeExceptionally(new IllegalStateException("Aqueduct exited before it was ready"));
                    } catch (IOException e) {
                        ready.completeExceptionally(new UncheckedIOException(e));
                    }
                },
                "aqueduct-output");
        follower.setDaemon(true);
        follower.start();
        return ready;
    }
}
