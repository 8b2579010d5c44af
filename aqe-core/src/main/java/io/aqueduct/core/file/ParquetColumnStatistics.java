package io.aqueduct.core.file;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.TypeKind;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.DictionaryPageReadStore;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Null and distinct counts of a Parquet table's columns. Null counts are the sum of the column chunks' counts in the
 * footers. Footers hold no distinct counts (parquet-java does not read the optional field and writers rarely fill
 * it), so they are estimated:
 *
 * <ul>
 *   <li>when every chunk of the column is dictionary-encoded, each dictionary holds its row group's distinct values:
 *       row groups whose min/max ranges do not overlap (a file sorted on the column) add their counts, otherwise
 *       the largest count stands for the table (a column of few values repeats them in every row group);
 *   <li>a chunk the writer did not dictionary-encode has too many values for a dictionary: the column is taken as
 *       unique, unless it is an integer or date column sorted across row groups (a key the file is ordered by,
 *       such as lineitem's order key): then the distinct values of its first row group, read once, scale to the
 *       table's rows;
 *   <li>a count never exceeds the non-null rows, nor the values an integer, decimal or date column's min/max span.
 * </ul>
 */
final class ParquetColumnStatistics {
    private ParquetColumnStatistics() {}

    /** The statistics of {@code columns} over every row group of {@code files}, by column name. */
    static Map<String, ColumnStatistics> of(List<Path> files, List<ParquetColumn> columns) {
        Map<String, ColumnSummary> summaries = new LinkedHashMap<>();
        for (ParquetColumn column : columns) {
            if (column.unsupported().isEmpty()) {
                summaries.put(column.name(), new ColumnSummary(column));
            }
        }
        for (Path file : files) {
            try (ParquetFileReader reader = ParquetFiles.open(file)) {
                for (BlockMetaData block : reader.getFooter().getBlocks()) {
                    addRowGroup(reader, block, columns, summaries);
                }
            } catch (IOException | RuntimeException e) {
                if (e instanceof AqueductException aqueduct) {
                    throw aqueduct;
                }
                throw new AqueductException(
                        ErrorCode.FILE_ERROR,
                        "Cannot read Parquet file %s: %s".formatted(file, ParquetFiles.message(e)),
                        e);
            }
        }
        List<ColumnSummary> sorted = summaries.values().stream()
                .filter(ColumnSummary::sortedWithoutDictionary)
                .toList();
        if (!sorted.isEmpty() && !files.isEmpty()) {
            sampleFirstRowGroup(files.get(0), sorted);
        }
        Map<String, ColumnStatistics> statistics = new LinkedHashMap<>();
        summaries.forEach((name, summary) -> statistics.put(name, summary.statistics()));
        return statistics;
    }

    private static void addRowGroup(
            ParquetFileReader reader,
            BlockMetaData block,
            List<ParquetColumn> columns,
            Map<String, ColumnSummary> summaries)
            throws IOException {
        Map<String, ParquetRanges.Range> ranges = ParquetRanges.of(block, columns);
        Map<String, ColumnChunkMetaData> chunks = new HashMap<>();
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (chunk.getPath().size() == 1) {
                chunks.put(chunk.getPath().toArray()[0], chunk);
            }
        }
        DictionaryPageReadStore dictionaries = reader.getDictionaryReader(block);
        for (ColumnSummary summary : summaries.values()) {
            ColumnChunkMetaData chunk = chunks.get(summary.column.parquetType().getName());
            long dictionarySize = -1;
            if (chunk != null && onlyDictionaryPages(chunk)) {
                DictionaryPage page = dictionaries.readDictionaryPage(descriptor(reader, chunk));
                dictionarySize = page == null ? -1 : page.getDictionarySize();
            }
            summary.add(block.getRowCount(), chunk, dictionarySize, ranges.get(summary.column.name()));
        }
    }

    /**
     * Counts the distinct values of {@code columns} in the first row group of {@code file}: for a column sorted
     * across row groups, each row group holds its own values, so the table has about as many per row as this one.
     */
    private static void sampleFirstRowGroup(Path file, List<ColumnSummary> columns) {
        try (ParquetFileReader reader = ParquetFiles.open(file)) {
            if (reader.getRowGroups().isEmpty()) {
                return;
            }
            MessageType schema = reader.getFileMetaData().getSchema();
            reader.setRequestedSchema(new MessageType(
                    schema.getName(),
                    columns.stream().map(column -> column.column.parquetType()).toList()));
            PageReadStore pages = reader.readRowGroup(0);
            for (ColumnSummary column : columns) {
                ColumnDescriptor descriptor = schema.getColumnDescription(
                        new String[] {column.column.parquetType().getName()});
                ColumnReader values = new ColumnReaderImpl(
                        descriptor, pages.getPageReader(descriptor), new PrimitiveConverter() {}, null);
                boolean int32 = descriptor.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT32;
                Set<Long> distinct = new HashSet<>();
                long nonNull = 0;
                for (long row = 0; row < pages.getRowCount(); row++) {
                    if (values.getCurrentDefinitionLevel() == descriptor.getMaxDefinitionLevel()) {
                        distinct.add(int32 ? values.getInteger() : values.getLong());
                        nonNull++;
                    }
                    values.consume();
                }
                column.sampled(distinct.size(), nonNull);
            }
        } catch (IOException | RuntimeException e) {
            // no sample: the column keeps the estimate from its min/max
        }
    }

    private static ColumnDescriptor descriptor(ParquetFileReader reader, ColumnChunkMetaData chunk) {
        return reader.getFileMetaData()
                .getSchema()
                .getColumnDescription(chunk.getPath().toArray());
    }

    /** Whether every data page of the chunk is dictionary-encoded (it then has one dictionary for the row group). */
    private static boolean onlyDictionaryPages(ColumnChunkMetaData chunk) {
        if (!chunk.hasDictionaryPage()) {
            return false;
        }
        EncodingStats stats = chunk.getEncodingStats();
        if (stats != null) {
            return !stats.hasNonDictionaryEncodedPages();
        }
        Set<Encoding> encodings = chunk.getEncodings();
        return encodings.stream()
                .allMatch(encoding -> encoding.usesDictionary()
                        || encoding == Encoding.RLE
                        || encoding == Encoding.BIT_PACKED
                        || encoding == Encoding.PLAIN);
    }

    /** What the row groups seen so far say about one column. */
    private static final class ColumnSummary {
        private final ParquetColumn column;
        private final List<Long> dictionarySizes = new ArrayList<>();
        private final List<ParquetRanges.Range> ranges = new ArrayList<>();
        private boolean allDictionaryEncoded = true;
        private boolean allRanged = true;
        private long nonNullRows;
        private long nulls;
        private long sampledDistinct = -1;
        private long sampledRows;

        ColumnSummary(ParquetColumn column) {
            this.column = column;
        }

        void add(long rows, ColumnChunkMetaData chunk, long dictionarySize, ParquetRanges.Range range) {
            Statistics<?> statistics = chunk == null ? null : chunk.getStatistics();
            long chunkNulls = statistics == null || !statistics.isNumNullsSet() ? 0 : statistics.getNumNulls();
            nulls += chunkNulls;
            nonNullRows += rows - chunkNulls;
            if (dictionarySize < 0) {
                allDictionaryEncoded = false;
            } else {
                dictionarySizes.add(dictionarySize);
            }
            if (range == null) {
                allRanged = false;
            } else {
                ranges.add(range);
            }
        }

        /** Whether the column is an integer or date column sorted across row groups that has no dictionaries. */
        boolean sortedWithoutDictionary() {
            TypeKind kind = column.type().kind();
            boolean physicalInteger =
                    column.parquetType().asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT32
                            || column.parquetType().asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT64;
            return !allDictionaryEncoded
                    && physicalInteger
                    && (kind == TypeKind.INTEGER || kind == TypeKind.BIGINT || kind == TypeKind.DATE)
                    && allRanged
                    && ranges.size() > 0
                    && disjoint(ranges);
        }

        void sampled(long distinct, long rows) {
            sampledDistinct = distinct;
            sampledRows = rows;
        }

        ColumnStatistics statistics() {
            double distinct = allDictionaryEncoded ? dictionaryEstimate() : nonNullRows;
            if (sampledDistinct >= 0 && sampledRows > 0) {
                distinct = sampledDistinct * (nonNullRows / (double) sampledRows);
            }
            distinct = Math.min(distinct, spannedValues());
            if (column.type().kind() == TypeKind.BOOLEAN) {
                distinct = Math.min(distinct, 2);
            }
            long count = Math.min(nonNullRows, Math.round(distinct));
            return new ColumnStatistics(nonNullRows > 0 ? Math.max(1, count) : 0, nulls);
        }

        private double dictionaryEstimate() {
            long largest =
                    dictionarySizes.stream().mapToLong(Long::longValue).max().orElse(0);
            long sum = dictionarySizes.stream().mapToLong(Long::longValue).sum();
            return allRanged && disjoint(ranges) ? sum : largest;
        }

        /** How many values the column's min/max can hold: unbounded but for integers, decimals and dates. */
        private double spannedValues() {
            TypeKind kind = column.type().kind();
            boolean discrete = kind == TypeKind.INTEGER
                    || kind == TypeKind.BIGINT
                    || kind == TypeKind.DATE
                    || kind == TypeKind.DECIMAL;
            if (!discrete || !allRanged || ranges.isEmpty()) {
                return Double.POSITIVE_INFINITY;
            }
            BigDecimal min = ranges.stream()
                    .map(ParquetRanges.Range::min)
                    .min(Comparator.naturalOrder())
                    .orElseThrow();
            BigDecimal max = ranges.stream()
                    .map(ParquetRanges.Range::max)
                    .max(Comparator.naturalOrder())
                    .orElseThrow();
            return max.subtract(min).movePointRight(column.type().scale()).doubleValue() + 1;
        }

        /** Whether the ranges overlap at most at their ends (one key's rows may straddle two row groups). */
        private static boolean disjoint(List<ParquetRanges.Range> ranges) {
            List<ParquetRanges.Range> sorted = ranges.stream()
                    .sorted(Comparator.comparing(ParquetRanges.Range::min))
                    .toList();
            for (int i = 1; i < sorted.size(); i++) {
                if (sorted.get(i - 1).max().compareTo(sorted.get(i).min()) > 0) {
                    return false;
                }
            }
            return true;
        }
    }
}
