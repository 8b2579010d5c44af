package io.aqueduct.tpch.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The memory of a JVM on this host, read from outside: its heap used right after a full GC ({@code jcmd
 * <pid> GC.run} then {@code GC.heap_info}) and its resident set ({@code /proc/<pid>/status}), which
 * holds the heap, Arrow's off-heap buffers and the rest. Empty where the process is gone or not ours.
 */
final class ProcessMemory {
    /** A heap or generation line of {@code GC.heap_info}: one for G1, young and old generation for Parallel/Serial. */
    static final Pattern HEAP_USED = Pattern.compile("total \\d+K, used (\\d+)K");

    static final Pattern RESIDENT = Pattern.compile("VmRSS:\\s+(\\d+) kB");
    private static final long JCMD_TIMEOUT_SECONDS = 30;

    private ProcessMemory() {}

    static OptionalLong heapUsedAfterGc(long pid) {
        try {
            jcmd(pid, "GC.run");
            return sumOfKilobytes(HEAP_USED, jcmd(pid, "GC.heap_info"));
        } catch (IOException e) {
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }

    static OptionalLong residentBytes(long pid) {
        try {
            return firstKilobytes(RESIDENT, Files.readString(Path.of("/proc", Long.toString(pid), "status")));
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** The first match of {@code pattern}'s group, in kilobytes, as bytes. */
    static OptionalLong firstKilobytes(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? OptionalLong.of(Long.parseLong(matcher.group(1)) * 1024) : OptionalLong.empty();
    }

    /** The sum of every match of {@code pattern}'s group, in kilobytes, as bytes; empty without a match. */
    static OptionalLong sumOfKilobytes(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        long kilobytes = 0;
        boolean found = false;
        while (matcher.find()) {
            kilobytes += Long.parseLong(matcher.group(1));
            found = true;
        }
        return found ? OptionalLong.of(kilobytes * 1024) : OptionalLong.empty();
    }

    private static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process process = new ProcessBuilder(List.of(jcmd.toString(), Long.toString(pid), command))
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(JCMD_TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException("jcmd " + pid + " " + command + " failed: " + new String(output, UTF_8));
        }
        return new String(output, UTF_8);
    }
}
