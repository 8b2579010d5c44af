package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestMemoryTrend {
    private static final long MIB = 1 << 20;

    @Test
    void comparesTheMeansOfTheFirstAndLastQuarters() {
        MemoryTrend trend = MemoryTrend.of(List.of(100L, 300L, 0L, 0L, 0L, 0L, 500L, 700L), 0);

        assertThat(trend.firstQuartileMean()).isEqualTo(200);
        assertThat(trend.lastQuartileMean()).isEqualTo(600);
        assertThat(trend.ratio()).isEqualTo(3);
        assertThat(trend.flat()).isFalse();
    }

    @Test
    void growthWithinTenPercentIsFlat() {
        List<Long> samples = List.of(1000 * MIB, 1200 * MIB, 1050 * MIB, 1090 * MIB);

        assertThat(MemoryTrend.of(samples, 0).flat()).isTrue();
        assertThat(MemoryTrend.of(List.of(1000 * MIB, 1101 * MIB), 0).flat()).isFalse();
    }

    @Test
    void growthUnderTheAbsoluteSlackIsFlatWhateverTheRatio() {
        List<Long> samples = List.of(10 * MIB, 10 * MIB, 30 * MIB, 40 * MIB);

        assertThat(MemoryTrend.of(samples, 32 * MIB).flat()).isTrue();
        assertThat(MemoryTrend.of(samples, 16 * MIB).flat()).isFalse();
    }

    @Test
    void shrinkingIsFlat() {
        assertThat(MemoryTrend.of(List.of(500 * MIB, 400 * MIB, 300 * MIB, 200 * MIB), 0)
                        .flat())
                .isTrue();
    }

    @Test
    void noSamplesIsAnError() {
        assertThatThrownBy(() -> MemoryTrend.of(List.of(), 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readsTheHeapUsedAndTheResidentSetFromJcmdAndProc() {
        String heapInfo = """
                1234:
                 garbage-first heap   total 262144K, used 52428K [0x00000000c0000000, 0x0000000100000000)
                  region size 1024K, 3 young (3072K), 0 survivors (0K)
                 Metaspace       used 40960K, committed 41472K, reserved 1114112K
                """;
        String status = "Name:\tjava\nVmPeak:\t 4000000 kB\nVmRSS:\t  300000 kB\n";

        assertThat(ProcessMemory.sumOfKilobytes(ProcessMemory.HEAP_USED, heapInfo))
                .hasValue(52428L * 1024);
        assertThat(ProcessMemory.firstKilobytes(ProcessMemory.RESIDENT, status)).hasValue(300000L * 1024);
        assertThat(ProcessMemory.sumOfKilobytes(ProcessMemory.HEAP_USED, "no such process"))
                .isEmpty();
    }

    /** The workers run the Parallel collector: their heap is the young and the old generation together. */
    @Test
    void addsTheGenerationsOfTheParallelCollector() {
        String heapInfo = """
                5678:
                 PSYoungGen      total 76288K, used 2621K [0x00000000eab00000, 0x00000000f0000000, 0x0000000100000000)
                  eden space 65536K, 4% used [0x00000000eab00000,0x00000000ead8f4a8,0x00000000eeb00000)
                 ParOldGen       total 175104K, used 10240K [0x00000000c0000000, 0x00000000cab00000, 0x00000000eab00000)
                 Metaspace       used 40960K, committed 41472K, reserved 1114112K
                """;

        assertThat(ProcessMemory.sumOfKilobytes(ProcessMemory.HEAP_USED, heapInfo))
                .hasValue((2621L + 10240L) * 1024);
    }
}
