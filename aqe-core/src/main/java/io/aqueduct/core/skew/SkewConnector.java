package io.aqueduct.core.skew;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.StatisticsTaskEstimator;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code skew} catalog: a fact table whose join key is heavily skewed and the dimension it joins to, generated
 * on the fly in one schema per size ({@link SkewSchema}), for tests and benchmarks of skew handling.
 *
 * <pre>{@code
 * SELECT d.d_group, sum(f.f_value) FROM skew.small.fact f JOIN skew.small.dim d ON f.f_key = d.d_key GROUP BY 1
 * }</pre>
 *
 * <ul>
 *   <li>{@code dim(d_key BIGINT, d_name VARCHAR, d_group INTEGER)}: one row per key 1..N; {@code d_name} is
 *       {@code "Dim#"} and the key in 9 digits, {@code d_group} is {@code (d_key - 1) % 100 + 1}.
 *   <li>{@code fact(f_id BIGINT, f_key BIGINT, f_value DECIMAL(12,2), f_date DATE, f_note VARCHAR)}: {@code f_id}
 *       numbers the rows from 1; {@code f_key} follows Zipf's law over 1..N with exponent s = {@value
 *       #KEY_EXPONENT} ({@value #HOT_KEY_EXPONENT} in schema {@code hot}), P(f_key = k) = k^-s / sum(j^-s, j = 1..N), so key 1 holds 29.9% of the rows when N = 10,000
 *       and 29.3% when N = 100,000, key 2 holds 11.7% resp. 11.5%, keys 1..10 together 66% resp. 65%, and every key of dim occurs with
 *       positive probability; {@code f_value} is uniform over 1.00..9999.99, {@code f_date} over 2020-01-01 ..
 *       2024-12-31, and {@code f_note} over 64 short phrases.
 * </ul>
 *
 * <p>Generation is deterministic: each column draws row r's value from its own seed and r alone ({@link
 * RowRandom}), so any part of any part count yields the same rows as the whole table, on any worker and in any
 * run. Part p of P holds rows {@code [rows * p / P, rows * (p + 1) / P)}.
 */
public final class SkewConnector implements Connector {
    private static final TaskEstimator ESTIMATOR = new StatisticsTaskEstimator();

    public static final String NAME = "skew";
    public static final double KEY_EXPONENT = 1.35;
    /** The exponent of schema {@code hot}: key 1 holds 80.2% of its fact rows (N = 100,000), key 2 11.5%. */
    public static final double HOT_KEY_EXPONENT = 2.8;

    private static final List<TableDefinition> TABLES =
            Arrays.stream(SkewTable.values()).map(SkewTable::definition).toList();

    private final Map<SkewSchema, ZipfDistribution> keyDistributions = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> schemaNames() {
        return Arrays.stream(SkewSchema.values()).map(SkewSchema::schemaName).toList();
    }

    @Override
    public List<TableDefinition> tables(String schema) {
        SkewSchema.fromName(schema);
        return TABLES;
    }

    @Override
    public List<List<String>> uniqueKeys(String schema, String table) {
        SkewTable skewTable = SkewTable.fromName(SkewSchema.fromName(schema), table);
        return List.of(List.of(skewTable == SkewTable.FACT ? "f_id" : "d_key"));
    }

    /** Exact row count; the size is the exact average Arrow row size (string lengths included) times the rows. */
    /** Generated tables split evenly into parts and their statistics are exact. */
    @Override
    public Optional<TaskEstimator> taskEstimator() {
        return Optional.of(ESTIMATOR);
    }

    @Override
    public TableStatistics statistics(String schema, String table) {
        SkewSchema skewSchema = SkewSchema.fromName(schema);
        SkewTable skewTable = SkewTable.fromName(skewSchema, table);
        long rows = skewTable.rowCount(skewSchema);
        return new TableStatistics(rows, Math.round(rows * skewTable.averageRowBytes()));
    }

    /** Generation is deterministic: every read of a split yields the same rows. */
    @Override
    public boolean deterministicSplits() {
        return true;
    }

    @Override
    public Operator createScan(
            String schema, String table, List<String> columns, int part, int partCount, ExecutionContext context) {
        checkArgument(partCount > 0 && part >= 0 && part < partCount, "part %s of %s", part, partCount);
        SkewSchema skewSchema = SkewSchema.fromName(schema);
        SkewTable skewTable = SkewTable.fromName(skewSchema, table);
        List<SkewColumn> scanColumns = columns.stream().map(skewTable::column).toList();
        long rows = skewTable.rowCount(skewSchema);
        ZipfDistribution keys = keyDistributions.computeIfAbsent(
                skewSchema, ignored -> new ZipfDistribution(skewSchema.dimKeys(), skewSchema.keyExponent()));
        String name = "skew-scan %s.%s part %d/%d".formatted(schema, table, part, partCount);
        return new SkewScanOperator(
                name, scanColumns, keys, rows * part / partCount, rows * (part + 1) / partCount, context);
    }
}
