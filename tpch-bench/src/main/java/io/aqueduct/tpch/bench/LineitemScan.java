package io.aqueduct.tpch.bench;

import io.trino.tpch.LineItemColumn;
import io.trino.tpch.TpchColumn;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The scan throughput of lineitem, all 16 columns, from one EXPLAIN ANALYZE of a query that reads every column
 * ({@code max} of each): rows and Arrow bytes the scan produced over the scan operators' own time summed over their
 * tasks, which is time on one core each; with a file, the file's bytes over the same time.
 */
record LineitemScan(String catalog, long rows, long arrowBytes, double scanMillis, OptionalLong fileBytes) {
    static final String QUERY = "SELECT "
            + Arrays.stream(LineItemColumn.values())
                    .map(TpchColumn::getColumnName)
                    .map(column -> "max(" + column + ")")
                    .collect(Collectors.joining(", "))
            + " FROM lineitem";

    private static final Pattern SCAN =
            Pattern.compile("TableScan \\S+lineitem .*\\[rows (\\d+), bytes (\\d+), batches \\d+, self ([\\d.]+) ms");

    /** Measures the scan on {@code connection}, whose default schema holds lineitem. */
    static LineitemScan measure(Connection connection, String catalog, OptionalLong fileBytes) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet plan = statement.executeQuery("EXPLAIN ANALYZE " + QUERY)) {
            while (plan.next()) {
                Optional<LineitemScan> scan = parse(catalog, plan.getString(1), fileBytes);
                if (scan.isPresent()) {
                    return scan.get();
                }
            }
        }
        throw new SQLException("EXPLAIN ANALYZE showed no lineitem scan with its counters");
    }

    static Optional<LineitemScan> parse(String catalog, String planLine, OptionalLong fileBytes) {
        Matcher matcher = SCAN.matcher(planLine);
        if (!matcher.find()) {
            return Optional.empty();
        }
        return Optional.of(new LineitemScan(
                catalog,
                Long.parseLong(matcher.group(1)),
                Long.parseLong(matcher.group(2)),
                Double.parseDouble(matcher.group(3)),
                fileBytes));
    }

    double rowsPerSecondPerCore() {
        return rows / seconds();
    }

    double arrowMegabytesPerSecondPerCore() {
        return arrowBytes / 1e6 / seconds();
    }

    private double seconds() {
        return Math.max(scanMillis, 1e-3) / 1_000;
    }

    String summary() {
        String file =
                fileBytes.isPresent() ? ", %.1f MB/s of file".formatted(fileBytes.getAsLong() / 1e6 / seconds()) : "";
        return String.format(
                Locale.ROOT,
                "lineitem scan on %s (16 columns): %,d rows in %.0f ms of scan time: %.2f M rows/s and %.1f MB/s"
                        + " (Arrow) per core%s",
                catalog,
                rows,
                scanMillis,
                rowsPerSecondPerCore() / 1e6,
                arrowMegabytesPerSecondPerCore(),
                file);
    }

    /** How this scan's rows per second per core compare with {@code other}'s. */
    String ratioTo(LineitemScan other) {
        return String.format(
                Locale.ROOT,
                "lineitem scan throughput %s / %s: %.2fx (rows/s per core)",
                catalog,
                other.catalog,
                rowsPerSecondPerCore() / other.rowsPerSecondPerCore());
    }
}
