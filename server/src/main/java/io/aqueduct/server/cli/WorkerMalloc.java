package io.aqueduct.server.cli;

import java.util.Map;

/**
 * glibc malloc settings of spawned workers (environment variables, unless already set). Arrow's buffers come from
 * malloc, and at glibc's defaults freed memory at the top of an arena goes back to the kernel, so the next batches
 * fault fresh zeroed pages in: about 80,000 minor faults per 10 runs of the three {@code skew.hot} queries, where a
 * profile put 14% of worker samples in the kernel's page clearing. With these settings an arena keeps up to 256 MiB
 * free at its top, buffers below 32 MiB come from arenas, and the faults drop to about a thousand (worker CPU about
 * 4% lower there, TPC-H SF 1 unchanged within noise). Two arenas bound what they keep: at glibc's default of eight per
 * core, each keeping 256 MiB, a worker's resident memory grew to 8.9 GB over TPC-H SF 10 (heap 2 GiB, Arrow and split
 * cache peaks 2 GiB); after Q1, Q9, Q18 and Q21 at SF 10 two arenas held 4.4 and 3.2 GB where sixteen held 5.0 and
 * 4.7, at the same query times. {@code bin/aqueduct worker} sets the same.
 */
final class WorkerMalloc {
    static final Map<String, String> ENVIRONMENT = Map.of(
            "MALLOC_TRIM_THRESHOLD_", String.valueOf(256L << 20),
            "MALLOC_TOP_PAD_", String.valueOf(64L << 20),
            "MALLOC_MMAP_THRESHOLD_", String.valueOf(32L << 20),
            "MALLOC_ARENA_MAX", "2");

    private WorkerMalloc() {}
}
