package io.aqueduct.tpch.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Samples the memory of a cluster during the soak: for the coordinator (when its pid is known) and each
 * worker of {@code sys.workers}, the heap used after a full GC and the resident set; for each worker also
 * the bytes its Arrow allocators hold ({@code sys.workers.allocated_bytes}). Each series is keyed by
 * process and measure, e.g. {@code worker http://127.0.0.1:4711 heap after GC}.
 */
final class MemorySampler {
    static final String HEAP = "heap after GC";
    static final String RESIDENT = "resident set";
    static final String ARROW = "Arrow allocated";

    /** One round of samples, {@code seconds} after the soak started. */
    record Sample(long seconds, Map<String, Long> bytes) {}

    private final Connection connection;
    private final OptionalLong coordinatorPid;
    private final List<Sample> samples = new ArrayList<>();

    MemorySampler(Connection connection, OptionalLong coordinatorPid) {
        this.connection = connection;
        this.coordinatorPid = coordinatorPid;
    }

    void sample(long seconds) throws SQLException {
        Map<String, Long> bytes = new LinkedHashMap<>();
        coordinatorPid.ifPresent(pid -> sampleProcess("coordinator", pid, bytes));
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT worker_url, pid, allocated_bytes FROM sys.workers")) {
            while (rows.next()) {
                String worker = "worker " + rows.getString(1);
                long pid = rows.getLong(2);
                if (!rows.wasNull()) {
                    bytes.put(worker + " " + ARROW, rows.getLong(3));
                    sampleProcess(worker, pid, bytes);
                }
            }
        }
        synchronized (samples) {
            samples.add(new Sample(seconds, bytes));
        }
    }

    List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** Every series, in the order first seen, with the values of the samples that have it. */
    Map<String, List<Long>> series() {
        Map<String, List<Long>> series = new LinkedHashMap<>();
        for (Sample sample : samples()) {
            sample.bytes().forEach((name, value) -> series.computeIfAbsent(name, key -> new ArrayList<>())
                    .add(value));
        }
        return series;
    }

    private static void sampleProcess(String name, long pid, Map<String, Long> bytes) {
        ProcessMemory.heapUsedAfterGc(pid).ifPresent(heap -> bytes.put(name + " " + HEAP, heap));
        ProcessMemory.residentBytes(pid).ifPresent(resident -> bytes.put(name + " " + RESIDENT, resident));
    }
}
