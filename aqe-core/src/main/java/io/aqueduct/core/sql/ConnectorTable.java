package io.aqueduct.core.sql;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.type.RowType;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A connector table as Calcite sees it: row type and statistics for planning. It is projectable so
 * that Calcite's {@code ProjectTableScanRule} prunes the scanned columns; Calcite never executes it.
 * A {@linkplain #isSystem() system table} looks the same to Calcite, but its scan becomes the rows of
 * a snapshot instead of a connector scan.
 */
final class ConnectorTable extends AbstractTable implements ProjectableFilterableTable {
    /** The size the optimizer assumes for a system table, whose rows are only known when it runs. */
    static final long SYSTEM_TABLE_ROWS = 100;

    private final String catalog;
    private final String schema;
    private final TableDefinition definition;
    private final TableStatistics statistics;
    private final List<ImmutableBitSet> uniqueKeys;
    private final Map<String, ColumnStatistics> columnStatistics;
    private final boolean system;

    ConnectorTable(
            String catalog,
            String schema,
            TableDefinition definition,
            TableStatistics statistics,
            List<List<String>> uniqueKeys,
            Map<String, ColumnStatistics> columnStatistics) {
        this(catalog, schema, definition, statistics, uniqueKeys, columnStatistics, false);
    }

    private ConnectorTable(
            String catalog,
            String schema,
            TableDefinition definition,
            TableStatistics statistics,
            List<List<String>> uniqueKeys,
            Map<String, ColumnStatistics> columnStatistics,
            boolean system) {
        this.catalog = catalog;
        this.schema = schema;
        this.definition = definition;
        this.statistics = statistics;
        this.columnStatistics = Map.copyOf(columnStatistics);
        this.uniqueKeys = uniqueKeys.stream()
                .map(key -> ImmutableBitSet.of(key.stream()
                        .mapToInt(definition.columns().names()::indexOf)
                        .toArray()))
                .toList();
        this.system = system;
    }

    /** A system table, planned as if it held {@link #SYSTEM_TABLE_ROWS} rows. */
    static ConnectorTable system(SystemTable<?> table) {
        return new ConnectorTable(
                SystemTables.CATALOG,
                table.schema(),
                new TableDefinition(table.name(), table.columns()),
                new TableStatistics(SYSTEM_TABLE_ROWS, SYSTEM_TABLE_ROWS * 100L),
                List.of(),
                Map.of(),
                true);
    }

    /** Whether the rows come from a system table snapshot rather than a connector. */
    boolean isSystem() {
        return system;
    }

    String catalog() {
        return catalog;
    }

    String schema() {
        return schema;
    }

    String name() {
        return definition.name();
    }

    RowType columns() {
        return definition.columns();
    }

    /** The connector's distinct count of column {@code column} (an index into {@link #columns()}), if it has one. */
    OptionalDouble distinctCount(int column) {
        ColumnStatistics found =
                columnStatistics.get(definition.columns().names().get(column));
        return found == null ? OptionalDouble.empty() : OptionalDouble.of(found.distinctCount());
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        return TypeConverter.toRelDataType(definition, typeFactory);
    }

    @Override
    public Statistic getStatistic() {
        return Statistics.of(statistics.rowCount(), uniqueKeys);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
        throw new UnsupportedOperationException("Aqueduct tables are read by the distributed engine");
    }
}
