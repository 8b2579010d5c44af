package io.aqueduct.server.cli;

import io.aqueduct.core.file.FileCatalog;
import io.aqueduct.server.transport.ClusterSecret;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Worker processes spawned on loopback by {@code serve}. Each child runs {@code worker
 * --exit-with-parent}: it exits when its standard input closes, so no worker outlives its parent,
 * even one killed with SIGKILL. A worker that dies is started again on the same port, so that it keeps
 * its URL and the coordinator's probes find it back.
 */
final class LocalWorkers implements AutoCloseable {
    static final String READY_PREFIX = "Aqueduct worker ready: ";
    private static final Logger LOG = LoggerFactory.getLogger(LocalWorkers.class);
    /** How long to wait before starting a dead worker again after a start that failed. */
    private static final Duration RESTART_BACKOFF = Duration.ofSeconds(2);

    /** Starts one worker on the given port (0: any free one). */
    @FunctionalInterface
    private interface Spawner {
        Process spawn(int port) throws IOException;
    }

    private final Spawner spawner;
    private final List<Process> processes;
    private final List<String> urls;
    /** Where the workers' output goes once they are ready. */
    private final PrintStream output;

    private volatile boolean closed;

    private LocalWorkers(Spawner spawner, List<Process> processes, List<String> urls, PrintStream output) {
        this.spawner = spawner;
        this.processes = processes;
        this.urls = urls;
        this.output = output;
        for (int i = 0; i < processes.size(); i++) {
            superviseWorker(i);
        }
    }

    /**
     * Spawns {@code count} workers serving the given file catalogs and waits until each is ready.
     *
     * @param logFile where the workers' output (their log lines) goes; empty: this process's stderr
     */
    static LocalWorkers start(
            int count,
            ClusterSecret secret,
            List<String> jvmOptions,
            long memoryBytes,
            long splitCacheBytes,
            long memoryCatalogBytes,
            List<FileCatalog> catalogs,
            Optional<Path> logFile)
            throws IOException {
        PrintStream output = logFile.isPresent()
                ? new PrintStream(
                        Files.newOutputStream(logFile.get(), StandardOpenOption.CREATE, StandardOpenOption.APPEND),
                        true,
                        StandardCharsets.UTF_8)
                : System.err;
        List<Process> processes = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        int cores = coresEach(count);
        Spawner spawner = port -> spawn(
                port, secret, jvmOptions, memoryBytes, splitCacheBytes, memoryCatalogBytes, cores, catalogs, logFile);
        try {
            for (int i = 0; i < count; i++) {
                processes.add(spawner.spawn(0));
            }
            for (Process process : processes) {
                urls.add(awaitReady(process, output));
            }
        } catch (IOException | RuntimeException e) {
            processes.forEach(Process::destroyForcibly);
            closeLog(output);
            throw e;
        }
        return new LocalWorkers(spawner, processes, urls, output);
    }

    /** Starts worker {@code index} again, on its port, whenever its process exits before {@link #close()}. */
    private void superviseWorker(int index) {
        Process process;
        synchronized (processes) {
            process = processes.get(index);
        }
        process.onExit().thenRun(() -> {
            if (!closed) {
                Thread restart = new Thread(() -> restart(index, process), "aqueduct-worker-restart-" + index);
                restart.setDaemon(true);
                restart.start();
            }
        });
    }

    private void restart(int index, Process dead) {
        String url = urls.get(index);
        LOG.warn("Local worker {} (pid {}) exited with code {}; starting it again", url, dead.pid(), dead.exitValue());
        int port = URI.create(url).getPort();
        while (!closed) {
            Process process = null;
            try {
                process = spawner.spawn(port);
                String announced = awaitReady(process, output);
                if (!announced.equals(url)) {
                    throw new IOException("the new worker announced " + announced + " instead of " + url);
                }
                synchronized (processes) {
                    if (closed) {
                        process.destroy();
                        return;
                    }
                    processes.set(index, process);
                }
                LOG.info("Local worker {} started again (pid {})", url, process.pid());
                superviseWorker(index);
                return;
            } catch (IOException | RuntimeException e) {
                LOG.warn("Could not start local worker {} again: {}", url, e.getMessage());
                if (process != null) {
                    process.destroyForcibly();
                }
                try {
                    Thread.sleep(RESTART_BACKOFF.toMillis());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static Process spawn(
            int port,
            ClusterSecret secret,
            List<String> jvmOptions,
            long memoryBytes,
            long splitCacheBytes,
            long memoryCatalogBytes,
            int cores,
            List<FileCatalog> catalogs,
            Optional<Path> logFile)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ArrowAccess.PRODUCTION_OPTIONS);
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.add("worker");
        command.add("--port=" + port);
        command.add("--memory=" + memoryBytes);
        command.add("--split-cache-bytes=" + splitCacheBytes);
        command.add("--memory-catalog-bytes=" + memoryCatalogBytes);
        command.add("--cores=" + cores);
        command.add("--exit-with-parent");
        catalogs.forEach(catalog -> command.add("--catalog=" + catalog.specification()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(logFile.map(file -> ProcessBuilder.Redirect.appendTo(file.toFile()))
                        .orElse(ProcessBuilder.Redirect.INHERIT));
        builder.environment().put(ClusterSecret.ENVIRONMENT_VARIABLE, secret.value());
        WorkerMalloc.ENVIRONMENT.forEach(builder.environment()::putIfAbsent);
        return builder.start();
    }

    /**
     * The processors each of {@code count} workers on this machine reports: its share of the machine, at least one,
     * so that the coordinator's default tasks per stage (workers x cores) matches the cores there are.
     */
    static int coresEach(int count) {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / count);
    }

    /** Reads the child's announcement; its later output goes on being drained so it never blocks. */
    private static String awaitReady(Process process, PrintStream output) throws IOException {
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(READY_PREFIX)) {
                Thread drainer = new Thread(() -> out.lines().forEach(output::println), "aqueduct-worker-output");
                drainer.setDaemon(true);
                drainer.start();
                return line.substring(READY_PREFIX.length()).trim();
            }
            output.println(line);
        }
        throw new IOException("Worker process exited before it was ready (exit code " + waitFor(process) + ")");
    }

    private static int waitFor(Process process) {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? process.exitValue() : -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void closeLog(PrintStream output) {
        if (output != System.err) {
            output.close();
        }
    }

    List<String> urls() {
        return urls;
    }

    @Override
    public void close() {
        List<Process> all;
        synchronized (processes) {
            closed = true;
            all = List.copyOf(processes);
        }
        for (Process process : all) {
            process.destroy();
        }
        for (Process process : all) {
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        closeLog(output);
    }
}
