package io.aqueduct.server.cli;

import io.aqueduct.server.transport.ClusterSecret;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    private LocalWorkers(List<Process> processes, List<String> urls) {
        this.processes = processes;
        this.urls = urls;
    }

    static LocalWorkers start(
            int count, ClusterSecret secret, List<String> jvmOptions, long memoryBytes, long splitCacheBytes)
            throws IOException {
        List<Process> processes = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                processes.add(spawn(secret, jvmOptions, memoryBytes, splitCacheBytes));
            }
            for (Process process : processes) {
                urls.add(awaitReady(process));
            }
        } catch (IOException | RuntimeException e) {
            processes.forEach(Process::destroyForcibly);
            throw e;
        }
        return new LocalWorkers(processes, urls);
    }

    private static Process spawn(ClusterSecret secret, List<String> jvmOptions, long memoryBytes, long splitCacheBytes)
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
        command.add("--exit-with-parent");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put(ClusterSecret.ENVIRONMENT_VARIABLE, secret.value());
        return builder.start();
    }

    /** Reads the child's announcement; its later output goes on being drained so it never blocks. */
    private static String awaitReady(Process process) throws IOException {
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(READY_PREFIX)) {
                Thread drainer = new Thread(() -> out.lines().forEach(System.err::println), "aqueduct-worker-output");
                drainer.setDaemon(true);
                drainer.start();
                return line.substring(READY_PREFIX.length()).trim();
            }
            System.err.println(line);
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
    }
}
