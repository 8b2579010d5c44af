package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestWorkerMemoryPeaks {
    private static final long MIB = 1024 * 1024;

    @Test
    void tablesEachWorkerInMebibytesAndSaysWhetherItStayedWithinItsLimits() {
        WorkerMemoryPeaks peaks = new WorkerMemoryPeaks(
                "Aqueduct",
                List.of(
                        new WorkerMemoryPeaks.Worker(
                                "http://127.0.0.1:1",
                                300 * MIB,
                                1024 * MIB,
                                200 * MIB,
                                256 * MIB,
                                700 * MIB,
                                1024 * MIB),
                        new WorkerMemoryPeaks.Worker(
                                "http://127.0.0.1:2",
                                900 * MIB,
                                1024 * MIB,
                                200 * MIB,
                                256 * MIB,
                                700 * MIB,
                                1024 * MIB)));

        assertThat(peaks.summary())
                .contains("| http://127.0.0.1:1 | 300 MiB | 200 MiB of 256 MiB | 1024 MiB | 700 MiB | 1024 MiB | yes |")
                .contains("| http://127.0.0.1:2 | 900 MiB | 200 MiB of 256 MiB | 1024 MiB | 700 MiB | 1024 MiB | NO |");
    }
}
