package io.aqueduct.core.file;

import com.google.common.base.Supplier;
import com.google.common.base.Suppliers;
import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A table of Parquet files: columns from the first file's footer (every file must have the same),
 * statistics from all footers (rows, uncompressed bytes, row groups; the columns' in {@link
 * ParquetColumnStatistics}), and one split per row group.
 */
final class ParquetTable implements FileTable {
    private static final Logger LOG = LoggerFactory.getLogger(ParquetTable.class);

    private final String name;
    private final MessageType schema;
    private final List<ParquetColumn> columns;
    private final List<ParquetRowGroup> rowGroups;
    private final TableStatistics statistics;
    /** Read on first use, by the coordinator when it plans: workers only scan. */
    private final Supplier<Map<String, ColumnStatistics>> columnStatistics;

    private ParquetTable(
            String name,
            List<Path> files,
            MessageType schema,
            List<ParquetColumn> columns,
            List<ParquetRowGroup> rowGroups) {
        this.name = name;
        this.schema = schema;
        this.columns = List.copyOf(columns);
        this.rowGroups = List.copyOf(rowGroups);
        this.statistics = new TableStatistics(
                rowGroups.stream().mapToLong(ParquetRowGroup::rows).sum(),
                rowGroups.stream().mapToLong(ParquetRowGroup::bytes).sum(),
                Math.max(1, rowGroups.size()));
        this.columnStatistics = Suppliers.memoize(() -> readColumnStatistics(name, List.copyOf(files), this.columns));
    }

    static ParquetTable open(TableFiles files) {
        MessageType schema = null;
        Path first = null;
        List<ParquetColumn> columns = List.of();
        List<ParquetRowGroup> rowGroups = new ArrayList<>();
        for (Path file : files.paths()) {
            ParquetMetadata footer = ParquetFiles.footer(file);
            MessageType fileSchema = footer.getFileMetaData().getSchema();
            if (schema == null) {
                schema = fileSchema;
                first = file;
                columns = fileSchema.getFields().stream().map(ParquetColumn::of).toList();
            } else if (!sameColumns(schema, fileSchema)) {
                throw new AqueductException(
                        ErrorCode.FILE_ERROR,
                        "Parquet file %s has other columns than %s of the same table".formatted(file, first));
            }
            List<BlockMetaData> blocks = footer.getBlocks();
            for (int i = 0; i < blocks.size(); i++) {
                BlockMetaData block = blocks.get(i);
                rowGroups.add(new ParquetRowGroup(
                        file, i, block.getRowCount(), block.getTotalByteSize(), ParquetRanges.of(block, columns)));
            }
        }
        return new ParquetTable(files.name(), files.paths(), schema, columns, rowGroups);
    }

    /**
     * The columns' statistics, or none when a dictionary page cannot be read: planning goes on with guesses, and
     * the query that reads the broken page fails with the file and row group.
     */
    private static Map<String, ColumnStatistics> readColumnStatistics(
            String name, List<Path> files, List<ParquetColumn> columns) {
        try {
            return Map.copyOf(ParquetColumnStatistics.of(files, columns));
        } catch (AqueductException e) {
            LOG.warn("No column statistics for table {}: {}", name, e.getMessage());
            return Map.of();
        }
    }

    private static boolean sameColumns(MessageType left, MessageType right) {
        return left.getFields().stream()
                .map(ParquetColumn::of)
                .toList()
                .equals(right.getFields().stream().map(ParquetColumn::of).toList());
    }

    @Override
    public TableDefinition definition() {
        return new TableDefinition(
                name,
                new RowType(
                        columns.stream().map(ParquetColumn::name).toList(),
                        columns.stream().map(ParquetColumn::type).toList()));
    }

    @Override
    public TableStatistics statistics() {
        return statistics;
    }

    @Override
    public Map<String, ColumnStatistics> columnStatistics() {
        return columnStatistics.get();
    }

    @Override
    public Operator scan(
            List<String> columnNames,
            List<ScanConstraint> constraints,
            int part,
            int partCount,
            ExecutionContext context) {
        List<ParquetColumn> selected = new ArrayList<>(columnNames.size());
        List<Type> fields = new ArrayList<>(columnNames.size());
        List<DataType> types = new ArrayList<>(columnNames.size());
        for (String columnName : columnNames) {
            ParquetColumn column = column(columnName);
            selected.add(column);
            fields.add(column.parquetType());
            types.add(column.type());
        }
        MessageType projection = new MessageType(schema.getName(), fields);
        // Pruned before sharing, so that the tasks split the row groups that are left evenly.
        List<ParquetRowGroup> candidates = rowGroups.stream()
                .filter(rowGroup -> rowGroup.mayMatch(constraints))
                .toList();
        List<ParquetRowGroup> share = FileTable.share(candidates, part, partCount);
        String operatorName = "parquet-scan %s part %d/%d".formatted(name, part, partCount);
        return new ParquetScanOperator(
                new RowType(columnNames, types), selected, projection, share, operatorName, context);
    }

    private ParquetColumn column(String columnName) {
        return columns.stream()
                .filter(column -> column.name().equals(columnName))
                .findFirst()
                .orElseThrow(() -> new AqueductException(
                        ErrorCode.COLUMN_NOT_FOUND,
                        "Column %s does not exist in table %s".formatted(columnName, name)));
    }

    /**
     * One row group of one file, the unit a scan's share is made of, with the min/max of its numeric and
     * DATE columns from the footer's statistics.
     */
    record ParquetRowGroup(Path file, int index, long rows, long bytes, Map<String, ParquetRanges.Range> ranges) {
        /** False when the statistics prove that no row satisfies every constraint. */
        boolean mayMatch(List<ScanConstraint> constraints) {
            for (ScanConstraint constraint : constraints) {
                ParquetRanges.Range range = ranges.get(constraint.column());
                if (range != null && !constraint.mayMatch(range.min(), range.max())) {
                    return false;
                }
            }
            return true;
        }
    }
}
