package io.aqueduct.core.sql;

import java.util.List;
import java.util.OptionalDouble;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMdDistinctRowCount;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.ImmutableIntList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Distinct counts of a connector table's columns from the connector's {@link
 * io.aqueduct.core.connector.ColumnStatistics} (Calcite knows only keys); a group of columns has at most the product
 * of their counts and at most the table's rows. Other relations derive theirs from these as Calcite does. Public
 * because Calcite generates the code that calls it.
 */
public final class ConnectorDistinctRowCount extends RelMdDistinctRowCount {
    @Override
    public @Nullable Double getDistinctRowCount(
            TableScan scan, RelMetadataQuery mq, ImmutableBitSet groupKey, @Nullable RexNode predicate) {
        ConnectorTable table = scan.getTable().unwrap(ConnectorTable.class);
        if (table == null || groupKey.isEmpty()) {
            return super.getDistinctRowCount(scan, mq, groupKey, predicate);
        }
        List<Integer> columns = scan instanceof Bindables.BindableTableScan bindable
                ? bindable.projects
                : ImmutableIntList.identity(table.columns().size());
        double distinct = 1;
        for (int field : groupKey) {
            OptionalDouble count = table.distinctCount(columns.get(field));
            if (count.isEmpty()) {
                return super.getDistinctRowCount(scan, mq, groupKey, predicate);
            }
            distinct *= count.getAsDouble();
        }
        double rows = mq.getRowCount(scan);
        distinct = Math.min(distinct, rows);
        if (predicate == null || predicate.isAlwaysTrue()) {
            return distinct;
        }
        Double selectivity = mq.getSelectivity(scan, predicate);
        return RelMdUtil.numDistinctVals(distinct, rows * (selectivity == null ? 1 : selectivity));
    }
}
