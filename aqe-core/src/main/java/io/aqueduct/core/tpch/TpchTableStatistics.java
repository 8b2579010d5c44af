package io.aqueduct.core.tpch;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.connector.TableStatistics;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchColumnType.Base;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.util.List;

/** Row count and Arrow size of a TPC-H table; string widths are measured on the table's first rows. */
final class TpchTableStatistics {
    private static final int SAMPLE_ROWS = 1000;
    private static final int OFFSET_BYTES = Integer.BYTES;
    private static final double VALIDITY_BYTES = 1.0 / 8;

    private TpchTableStatistics() {}

    static TableStatistics compute(TpchTable<?> table, TpchSchema schema) {
        long rows = TpchRowCounts.rowCount(table, schema);
        return new TableStatistics(rows, Math.round(rows * averageRowBytes(table, schema.scaleFactor())));
    }

    private static <E extends TpchEntity> double averageRowBytes(TpchTable<E> table, double scaleFactor) {
        List<TpchColumn<E>> columns = table.getColumns();
        long fixedBytes = 0;
        long stringBytes = 0;
        for (TpchColumn<E> column : columns) {
            fixedBytes += fixedWidth(column);
        }
        int sampled = 0;
        for (E row : table.createGenerator(scaleFactor, 1, 1)) {
            for (TpchColumn<E> column : columns) {
                if (column.getType().getBase() == Base.VARCHAR) {
                    stringBytes += column.getString(row).getBytes(UTF_8).length;
                }
            }
            if (++sampled == SAMPLE_ROWS) {
                break;
            }
        }
        return fixedBytes + columns.size() * VALIDITY_BYTES + (double) stringBytes / Math.max(sampled, 1);
    }

    private static int fixedWidth(TpchColumn<?> column) {
        return switch (column.getType().getBase()) {
            case IDENTIFIER, DOUBLE -> Long.BYTES;
            case INTEGER, DATE -> Integer.BYTES;
            case VARCHAR -> OFFSET_BYTES;
        };
    }
}
