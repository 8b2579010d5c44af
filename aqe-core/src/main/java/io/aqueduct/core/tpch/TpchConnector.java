package io.aqueduct.core.tpch;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.StatisticsTaskEstimator;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code tpch} catalog: the eight TPC-H tables, generated on the fly by {@code io.trino.tpch}, in one
 * schema per scale factor ({@link TpchSchema}).
 */
public final class TpchConnector implements Connector {
    private static final TaskEstimator ESTIMATOR = new StatisticsTaskEstimator();

    public static final String NAME = "tpch";

    /** The TPC-H primary keys. */
    private static final Map<String, List<List<String>>> PRIMARY_KEYS = Map.of(
            "region", List.of(List.of("r_regionkey")),
            "nation", List.of(List.of("n_nationkey")),
            "supplier", List.of(List.of("s_suppkey")),
            "customer", List.of(List.of("c_custkey")),
            "part", List.of(List.of("p_partkey")),
            "partsupp", List.of(List.of("ps_partkey", "ps_suppkey")),
            "orders", List.of(List.of("o_orderkey")),
            "lineitem", List.of(List.of("l_orderkey", "l_linenumber")));

    private static final List<TableDefinition> TABLES =
            TpchTable.getTables().stream().map(TpchConnector::definition).toList();

    private final Map<TpchSchema, Map<String, TableStatistics>> statistics = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> schemaNames() {
        return Arrays.stream(TpchSchema.values()).map(TpchSchema::schemaName).toList();
    }

    @Override
    public List<TableDefinition> tables(String schema) {
        TpchSchema.fromName(schema);
        return TABLES;
    }

    @Override
    public List<List<String>> uniqueKeys(String schema, String table) {
        tpchTable(schema, table);
        return PRIMARY_KEYS.getOrDefault(table, List.of());
    }

    /** Exact row count and Arrow size from the generator's average string widths, computed once per table. */
    /** Generated tables split evenly into parts and their statistics are exact. */
    @Override
    public Optional<TaskEstimator> taskEstimator() {
        return Optional.of(ESTIMATOR);
    }

    @Override
    public Map<String, ColumnStatistics> columnStatistics(String schema, String table) {
        return TpchColumnStatistics.of(tpchTable(schema, table), TpchSchema.fromName(schema));
    }

    @Override
    public TableStatistics statistics(String schema, String table) {
        TpchSchema tpchSchema = TpchSchema.fromName(schema);
        TpchTable<?> tpchTable = tpchTable(schema, table);
        return statistics
                .computeIfAbsent(tpchSchema, ignored -> new ConcurrentHashMap<>())
                .computeIfAbsent(table, ignored -> TpchTableStatistics.compute(tpchTable, tpchSchema));
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
        TpchSchema tpchSchema = TpchSchema.fromName(schema);
        TpchTable<?> tpchTable = tpchTable(schema, table);
        if (columns.isEmpty()) {
            return new RowCountScanOperator(
                    TpchRowCounts.partRowCount(tpchTable, tpchSchema, part, partCount), context);
        }
        return scan(tpchTable, tpchSchema, columns, part, partCount, context);
    }

    private static <E extends TpchEntity> Operator scan(
            TpchTable<E> table,
            TpchSchema schema,
            List<String> columnNames,
            int part,
            int partCount,
            ExecutionContext context) {
        List<TpchColumn<E>> columns = new ArrayList<>(columnNames.size());
        List<DataType> types = new ArrayList<>(columnNames.size());
        for (String name : columnNames) {
            TpchColumn<E> column = column(table, name);
            columns.add(column);
            types.add(TpchTypes.dataType(column));
        }
        // The generator numbers parts from 1.
        Iterable<E> generator = table.createGenerator(schema.scaleFactor(), part + 1, partCount);
        String operatorName =
                "tpch-scan %s.%s part %d/%d".formatted(schema.schemaName(), table.getTableName(), part, partCount);
        return new TpchScanOperator<>(new RowType(columnNames, types), columns, generator, operatorName, context);
    }

    private static TpchTable<?> tpchTable(String schema, String name) {
        for (TpchTable<?> table : TpchTable.getTables()) {
            if (table.getTableName().equals(name)) {
                return table;
            }
        }
        throw new AqueductException(
                ErrorCode.TABLE_NOT_FOUND, "Table tpch.%s.%s does not exist".formatted(schema, name));
    }

    private static <E extends TpchEntity> TpchColumn<E> column(TpchTable<E> table, String name) {
        for (TpchColumn<E> column : table.getColumns()) {
            if (column.getColumnName().equals(name)) {
                return column;
            }
        }
        throw new AqueductException(
                ErrorCode.COLUMN_NOT_FOUND, "Column " + name + " does not exist in tpch table " + table.getTableName());
    }

    private static TableDefinition definition(TpchTable<?> table) {
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        List<Boolean> nullable = new ArrayList<>();
        for (TpchColumn<?> column : table.getColumns()) {
            names.add(column.getColumnName());
            types.add(TpchTypes.dataType(column));
            nullable.add(!isKey(table, column.getColumnName()));
        }
        return new TableDefinition(table.getTableName(), new RowType(names, types), nullable);
    }

    /**
     * Whether the column is a primary or foreign key, NOT NULL in the TPC-H specification (clause 1.4.2: keys are
     * unique, foreign keys reference existing rows); the generator never leaves any column empty.
     */
    private static boolean isKey(TpchTable<?> table, String column) {
        return column.endsWith("key")
                || PRIMARY_KEYS.getOrDefault(table.getTableName(), List.of()).stream()
                        .anyMatch(key -> key.contains(column));
    }
}
