package io.aqueduct.tpch.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The {@code --url} of the bench commands: a running coordinator, or else an embedded cluster per run. */
final class ClusterTarget {
    private static final String EMBEDDED = "embedded cluster, 2 local workers";

    @Option(
            names = "--url",
            description = "Coordinator of a running cluster, as `serve` prints it: jdbc:aqueduct://host:port. "
                    + "Default: start an embedded cluster for the run.")
    Optional<String> url = Optional.empty();

    /** Where the queries ran, as the reports say. */
    String describe() {
        return url.orElse(EMBEDDED);
    }

    /** Runs {@code work} at {@code --url}, or on an embedded cluster logging to {@code logFile}. */
    <T> T run(Path logFile, PrintStream progress, EmbeddedAqueduct.ClusterWork<T> work) throws Exception {
        return EmbeddedAqueduct.runAt(url, logFile, progress, work);
    }

    /** {@link #run} with more {@code serve} options for the embedded cluster (ignored with {@code --url}). */
    <T> T run(Path logFile, List<String> serveOptions, PrintStream progress, EmbeddedAqueduct.ClusterWork<T> work)
            throws Exception {
        return EmbeddedAqueduct.runAt(url, logFile, serveOptions, progress, work);
    }
}
