package io.aqueduct.it.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Collects the lines a child process writes to stdout and stderr, in arrival order, in memory and in
 * a log file, and lets callers wait for a line to appear.
 */
final class ProcessOutput implements AutoCloseable {
    private final List<String> lines = new ArrayList<>();
    private final Writer logFile;
    private final List<Thread> readers = new ArrayList<>();
    private boolean closed;

    ProcessOutput(Path logFile) throws IOException {
        Files.createDirectories(logFile.getParent());
        this.logFile = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8);
    }

    /** Starts a daemon thread copying {@code stream} line by line, each line prefixed with {@code prefix}. */
    void follow(InputStream stream, String prefix) {
        Thread reader = new Thread(() -> copyLines(stream, prefix), "aqueduct-it-" + prefix.strip());
        reader.setDaemon(true);
        reader.start();
        readers.add(reader);
    }

    private void copyLines(InputStream stream, String prefix) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                append(line, prefix);
            }
        } catch (IOException e) {
            // The JDK may close a pipe under its reader once the process exits: the output ended.
        } finally {
            synchronized (lines) {
                lines.notifyAll();
            }
        }
    }

    private void append(String line, String prefix) {
        synchronized (lines) {
            lines.add(line);
            lines.notifyAll();
            if (closed) {
                return;
            }
            try {
                logFile.write(prefix + line + System.lineSeparator());
                logFile.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A snapshot of every line so far. */
    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** Everything so far as one text, for failure messages. */
    String text() {
        return String.join(System.lineSeparator(), lines());
    }

    /**
     * Waits until a line matches {@code predicate}, the deadline passes, or {@code stillWorthWaiting}
     * turns false (for instance because the process died).
     */
    Optional<String> awaitLine(Predicate<String> predicate, Duration timeout, BooleanSupplier stillWorthWaiting)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            while (true) {
                Optional<String> match = lines.stream().filter(predicate).findFirst();
                long remainingMillis =
                        Duration.ofNanos(deadline - System.nanoTime()).toMillis();
                if (match.isPresent() || remainingMillis <= 0 || !stillWorthWaiting.getAsBoolean()) {
                    return match;
                }
                // Bounded wait: a process that dies without closing its streams is noticed within a second.
                lines.wait(Math.min(remainingMillis, 1000));
            }
        }
    }

    /** Waits for the readers to see end of stream (the process is gone), then closes the log file. */
    @Override
    public void close() throws IOException, InterruptedException {
        for (Thread reader : readers) {
            reader.join(Duration.ofSeconds(10).toMillis());
        }
        synchronized (lines) {
            closed = true;
            logFile.close();
        }
    }
}
