package io.aqueduct.tpch.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code aqueduct bench fetch}: streams a whole table through the JDBC driver, reading every column of
 * every row with {@code getObject}, and prints the rows per second and the time to the first row of each
 * run and their medians. It measures the path from the workers to the client, not the queries.
 */
@Command(
        name = "fetch",
        mixinStandardHelpOptions = true,
        description = "Stream SELECT * of a TPC-H table through the driver; print rows/s and time to first row.")
final class FetchCommand implements Callable<Integer> {
    @Option(
            names = "--sf",
            defaultValue = "0.1",
            converter = TpchCommand.ScaleFactorConverter.class,
            description = "Scale factor: 0.01, 0.1, 1 or 10. Default: ${DEFAULT-VALUE}.")
    ScaleFactor scaleFactor = ScaleFactor.SF0_1;

    @Option(
            names = "--table",
            defaultValue = "lineitem",
            description = "TPC-H table to read. Default: ${DEFAULT-VALUE}.")
    String table = "lineitem";

    @Option(
            names = "--query",
            description = "Query to run instead of SELECT * FROM the table, e.g. SELECT 1 for the fixed overhead"
                    + " of a query.")
    String query;

    @Option(
            names = "--iterations",
            defaultValue = "3",
            description = "Timed runs, after one warm-up run. Default: ${DEFAULT-VALUE}.")
    int iterations = 3;

    @Option(
            names = "--fetch-size",
            defaultValue = "0",
            description =
                    "Statement.setFetchSize before the query; 0 keeps the driver's default. Default: ${DEFAULT-VALUE}.")
    int fetchSize;

    @Mixin
    ClusterTarget target = new ClusterTarget();

    /**
     * One streamed result: its row count, the time to its first row and to its end, and the CPU time this
     * client process spent meanwhile (-1 where the JVM does not tell).
     */
    record FetchRun(long rows, Duration firstRow, Duration total, Duration clientCpu) {
        double rowsPerSecond() {
            return rows / (total.toNanos() / 1e9);
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        String sql = query != null ? query : "SELECT * FROM " + table;
        List<FetchRun> runs = target.run(Path.of("aqueduct-fetch.log"), System.err, url -> {
            List<FetchRun> timed = new ArrayList<>();
            try (Connection connection =
                    DriverManager.getConnection(AqueductUrls.schemaUrl(url, scaleFactor), new Properties())) {
                for (int run = 0; run <= iterations; run++) {
                    FetchRun result = fetch(connection, sql, fetchSize, System::nanoTime);
                    out.printf(
                            Locale.ROOT,
                            "%s %d: %,d rows in %.1f ms, %,.0f rows/s, first row after %.1f ms, client CPU %d ms%n",
                            run == 0 ? "warm-up" : "run",
                            run,
                            result.rows(),
                            result.total().toNanos() / 1e6,
                            result.rowsPerSecond(),
                            result.firstRow().toNanos() / 1e6,
                            result.clientCpu().toMillis());
                    if (run > 0) {
                        timed.add(result);
                    }
                }
            }
            return timed;
        });
        TimingStatistics total =
                TimingStatistics.of(runs.stream().map(FetchRun::total).toList());
        TimingStatistics firstRow =
                TimingStatistics.of(runs.stream().map(FetchRun::firstRow).toList());
        long rows = runs.get(0).rows();
        out.printf(
                Locale.ROOT,
                "%s SF %s, fetch size %s: median %,.0f rows/s (%,d rows in %.1f ms), first row after %.1f ms%n",
                sql,
                scaleFactor.label(),
                fetchSize == 0 ? "default" : String.valueOf(fetchSize),
                rows / (total.medianMillis() / 1000),
                rows,
                total.medianMillis(),
                firstRow.medianMillis());
        return 0;
    }

    /** Runs {@code sql} and reads every value of every row as a client would. */
    static FetchRun fetch(Connection connection, String sql, int fetchSize, LongSupplier clock) throws SQLException {
        long startCpu = processCpuNanos();
        long start = clock.getAsLong();
        long firstRow = -1;
        long rows = 0;
        try (Statement statement = connection.createStatement()) {
            if (fetchSize > 0) {
                statement.setFetchSize(fetchSize);
            }
            try (ResultSet resultSet = statement.executeQuery(sql)) {
                int columns = resultSet.getMetaData().getColumnCount();
                while (resultSet.next()) {
                    if (firstRow < 0) {
                        firstRow = clock.getAsLong();
                    }
                    for (int column = 1; column <= columns; column++) {
                        resultSet.getObject(column);
                    }
                    rows++;
                }
            }
        }
        long end = clock.getAsLong();
        long cpu = startCpu < 0 ? -1 : processCpuNanos() - startCpu;
        return new FetchRun(
                rows,
                Duration.ofNanos((firstRow < 0 ? end : firstRow) - start),
                Duration.ofNanos(end - start),
                Duration.ofNanos(cpu));
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : -1;
    }
}
