package io.aqueduct.core.file;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * The min/max of a row group's numeric and DATE columns, as SQL values (decimals scaled, dates as epoch
 * days), from the column chunks' statistics. Columns without statistics, with only NULLs, or of other
 * types have no range: nothing is pruned on them.
 */
final class ParquetRanges {
    private ParquetRanges() {}

    record Range(BigDecimal min, BigDecimal max) {}

    static Map<String, Range> of(BlockMetaData block, List<ParquetColumn> columns) {
        Map<String, Range> ranges = new HashMap<>();
        for (ParquetColumn column : columns) {
            if (column.unsupported().isPresent()) {
                continue;
            }
            String path = column.parquetType().getName();
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                if (chunk.getPath().size() == 1 && chunk.getPath().toArray()[0].equals(path)) {
                    range(column, chunk.getStatistics()).ifPresent(range -> ranges.put(column.name(), range));
                }
            }
        }
        return Map.copyOf(ranges);
    }

    private static java.util.Optional<Range> range(ParquetColumn column, Statistics<?> statistics) {
        if (statistics == null || statistics.isEmpty() || !statistics.hasNonNullValue()) {
            return java.util.Optional.empty();
        }
        BigDecimal min = value(column, statistics.genericGetMin());
        BigDecimal max = value(column, statistics.genericGetMax());
        return min == null || max == null ? java.util.Optional.empty() : java.util.Optional.of(new Range(min, max));
    }

    private static BigDecimal value(ParquetColumn column, Object statistic) {
        return switch (column.type().kind()) {
            case INTEGER, BIGINT, DATE ->
                statistic instanceof Number number ? BigDecimal.valueOf(number.longValue()) : null;
            case DECIMAL ->
                statistic instanceof Integer || statistic instanceof Long
                        ? BigDecimal.valueOf(
                                ((Number) statistic).longValue(), column.type().scale())
                        : null;
            case DOUBLE ->
                statistic instanceof Number number && Double.isFinite(number.doubleValue())
                        ? BigDecimal.valueOf(number.doubleValue())
                        : null;
            default -> null;
        };
    }
}
