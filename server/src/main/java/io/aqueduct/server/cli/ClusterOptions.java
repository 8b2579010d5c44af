package io.aqueduct.server.cli;

import io.aqueduct.core.settings.Setting;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Options shared by {@code serve} and {@code shell}: how to build the embedded cluster. */
final class ClusterOptions {
    /**
     * C2 compiles only a worker's really hot code (ten times the default invocation and loop thresholds; C1 as before):
     * at the defaults it compiled over a thousand methods (HTTP parsing, JSON, formatting among them), 9 s of CPU per
     * worker in 88 TPC-H SF 0.1 queries from a cold start, more than the queries' own; with these, 3.5 s, and {@code
     * bench tpch --sf 0.1} 7% faster (4 runs side by side), SF 1 the same. {@code bin/aqueduct worker} uses them too.
     */
    static final String WORKER_JIT_OPTIONS = "-XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000"
            + " -XX:Tier4CompileThreshold=150000 -XX:Tier4BackEdgeThreshold=400000";

    /**
     * The parallel collector with fixed generation sizes (a young generation of about what its adaptive size policy
     * settled on): with the policy the young generation shrank and grew again every few collections, and each
     * regrowth faulted fresh zeroed pages in. See {@link WorkerMalloc} for the off-heap side.
     */
    static final String WORKER_HEAP_OPTIONS = "-Xmx2g -Xmn640m -XX:+UseParallelGC -XX:-UseAdaptiveSizePolicy";

    @Option(
            names = "--port",
            defaultValue = "8765",
            description = "Avatica (JDBC) port of the coordinator; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
    int port;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    int warmupSeconds = 10;

    @Option(
            names = "--warmup-seconds",
            defaultValue = "10",
            description =
                    "Seconds the coordinator spends, before it opens the JDBC endpoint, running a built-in workload"
                            + " of small queries over the generated tpch and skew data, so that the first user queries run"
                            + " compiled code instead of the JVM's slow early tiers; 0 skips it. Default: ${DEFAULT-VALUE}.")
    void setWarmupSeconds(int value) {
        if (value < 0) {
            throw new ParameterException(spec.commandLine(), "--warmup-seconds must be 0 or more: " + value);
        }
        warmupSeconds = value;
    }

    @Option(
            names = "--local-workers",
            defaultValue = "2",
            description = "Worker processes to spawn on loopback. Default: ${DEFAULT-VALUE}.")
    int localWorkers;

    @Option(
            names = "--workers",
            split = ",",
            description = "Use these running workers (host:port,...) instead of spawning local ones; needs --secret.")
    List<String> workers;

    @Option(
            names = "--secret",
            description = "Cluster secret shared with the workers (default: generated; or env AQUEDUCT_SECRET).")
    String secret;

    @Option(
            names = "--worker-jvm-options",
            split = " ",
            defaultValue = WORKER_HEAP_OPTIONS + " --add-opens=java.base/java.nio=ALL-UNNAMED " + WORKER_JIT_OPTIONS,
            description =
                    "JVM options of spawned workers. Operators' heap state (hash tables, aggregation state, sort"
                            + " indexes) is bounded to half of their -Xmx, whatever the memory limits. Default: ${DEFAULT-VALUE}.")
    List<String> workerJvmOptions;

    @Option(
            names = "--worker-memory",
            defaultValue = "4294967296",
            description = "Memory limit per worker in bytes: off-heap Arrow batches plus operators' heap state."
                    + " Default: ${DEFAULT-VALUE}.")
    long workerMemory;

    @Option(
            names = "--worker-split-cache-bytes",
            defaultValue = "-1",
            description =
                    "Bound of each spawned worker's cache of generated splits (tpch, skew) in bytes, part of"
                            + " --worker-memory, e.g. 1073741824; 0 disables it, -1 means the default (a quarter of it). Default: ${DEFAULT-VALUE}.")
    long workerSplitCacheBytes;

    @Option(
            names = "--worker-memory-catalog-bytes",
            defaultValue = "-1",
            description = "Bound of the memory catalog's rows on each spawned worker in bytes, part of --worker-memory;"
                    + " a write over it fails with SQLState 53200; -1 means a quarter of --worker-memory."
                    + " Default: ${DEFAULT-VALUE}.")
    long workerMemoryCatalogBytes;

    @Option(
            names = "--task-memory",
            defaultValue = "2147483648",
            description = "Memory limit per task in bytes: off-heap Arrow batches plus operators' heap state; a query"
                    + " over it fails with SQLState 53200. Default: ${DEFAULT-VALUE}.")
    long taskMemory;

    @Option(
            names = "--coordinator-memory",
            defaultValue = "1073741824",
            description = "Arrow memory limit of the coordinator in bytes. Default: ${DEFAULT-VALUE}.")
    long coordinatorMemory;

    @Option(
            names = "--query-retention",
            defaultValue = "1000",
            description =
                    "Ended queries whose final plans the coordinator keeps for EXPLAIN ANALYZE lookups and the sys"
                            + " tables (oldest go first; their total size is bounded too). Default: ${DEFAULT-VALUE}.")
    int queryRetention;

    @Option(
            names = "--catalog",
            paramLabel = "NAME=DIR",
            description = "A file catalog: each subdirectory of DIR is a schema, each TABLE.parquet or TABLE.csv"
                    + " file (or directory of them) a table (repeatable). Workers read the same paths.")
    List<String> catalogs = new ArrayList<>();

    @Option(
            names = "--max-concurrent-queries",
            description = "Queries that may run at once; later ones wait in a queue (at most query.queue_timeout,"
                    + " 60 s by default) and show as QUEUED in sys.queries. Same as --set query.max_concurrent=N."
                    + " Default: no bound.")
    Integer maxConcurrentQueries;

    @Option(
            names = "--set",
            description = "Server default of an engine setting, e.g. --set distributed.dynamic_task_count=false"
                    + " (repeatable; SHOW SETTINGS lists them).")
    Map<String, String> settings = new LinkedHashMap<>();

    /** The server's defaults of the engine settings: {@code --set}, and the options that stand for one. */
    Map<String, String> serverSettings() {
        Map<String, String> all = new LinkedHashMap<>(settings);
        if (maxConcurrentQueries != null) {
            all.put(Setting.QUERY_MAX_CONCURRENT.settingName(), String.valueOf(maxConcurrentQueries));
        }
        return all;
    }
}
