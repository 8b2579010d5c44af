package io.aqueduct.server.cli;

import io.aqueduct.core.file.FileCatalog;
import io.aqueduct.server.transport.ClusterSecret;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Worker processes spawned on loopback by {@code serve}. Each child runs {@code worker
 * --exit-with-parent}: it exits when its standard input closes, so no worker outlives its parent,
 * even one killed with SIGKILL.
 */
final class LocalWorkers implements AutoCloseable {
    static final String READY_PREFIX = "Aqueduct worker ready: ";

    private final List<Process> processes;
    private final List<String> urls;
    /** Where the workers' output goes once they are ready. */
    private final PrintStream output;

    private LocalWorkers(List<Process> processes, List<String> urls, PrintStream output) {
        this.processes = processes;
        this.urls = urls;
        this.output = output;
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
        try {
            for (int i = 0; i < count; i++) {
                processes.add(
                        spawn(secret, jvmOptions, memoryBytes, splitCacheBytes, memoryCatalogBytes, catalogs, logFile));
            }
            for (Process process : processes) {
                urls.add(awaitReady(process, output));
            }
        } catch (IOException | RuntimeException e) {
            processes.forEach(Process::destroyForcibly);
            closeLog(output);
            throw e;
        }
        return new LocalWorkers(processes, urls, output);
    }

    private static Process spawn(
            ClusterSecret secret,
            List<String> jvmOptions,
            long memoryBytes,
            long splitCacheBytes,
            long memoryCatalogBytes,
            List<FileCatalog> catalogs,
            Optional<Path> logFile)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.add("worker");
        command.add("--port=0");
        command.add("--memory=" + memoryBytes);
        command.add("--split-cache-bytes=" + splitCacheBytes);
        command.add("--memory-catalog-bytes=" + memoryCatalogBytes);
        command.add("--exit-with-parent");
        catalogs.forEach(catalog -> command.add("--catalog=" + catalog.specification()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(logFile.map(file -> ProcessBuilder.Redirect.appendTo(file.toFile()))
                        .orElse(ProcessBuilder.Redirect.INHERIT));
        builder.environment().put(ClusterSecret.ENVIRONMENT_VARIABLE, secret.value());
        return builder.start();
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
        for (Process process : processes) {
            process.destroy();
        }
        for (Process process : processes) {
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
