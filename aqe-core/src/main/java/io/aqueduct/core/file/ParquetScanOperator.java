package io.aqueduct.core.file;

import io.aqueduct.core.connector.BatchScanOperator;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.file.ParquetTable.ParquetRowGroup;
import io.aqueduct.core.type.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a scan's row groups, column by column, into batches of the requested columns. Only the
 * projected column chunks are read from disk ({@link ParquetFileReader#setRequestedSchema}).
 */
final class ParquetScanOperator extends BatchScanOperator {
    /** The reader hands values out through getters; the converter push path is unused. */
    private static final PrimitiveConverter UNUSED_CONVERTER = new PrimitiveConverter() {};

    private final List<ParquetColumn> columns;
    private final MessageType projection;
    private final Iterator<ParquetRowGroup> rowGroups;

    private ParquetFileReader file;
    private Path filePath;
    private ParquetRowGroup rowGroup;
    private List<ColumnReader> readers = List.of();
    private long rowsLeft;

    ParquetScanOperator(
            RowType outputType,
            List<ParquetColumn> columns,
            MessageType projection,
            List<ParquetRowGroup> rowGroups,
            String name,
            ExecutionContext context) {
        super(outputType, name, context);
        this.columns = List.copyOf(columns);
        this.projection = projection;
        this.rowGroups = List.copyOf(rowGroups).iterator();
    }

    @Override
    protected boolean hasMoreRows() {
        while (rowsLeft == 0) {
            if (!rowGroups.hasNext()) {
                closeFile();
                return false;
            }
            startRowGroup(rowGroups.next());
        }
        return true;
    }

    private void startRowGroup(ParquetRowGroup next) {
        rowGroup = next;
        try {
            if (!next.file().equals(filePath)) {
                closeFile();
                filePath = next.file();
                file = ParquetFiles.open(filePath);
                file.setRequestedSchema(projection);
                for (ParquetColumn column : columns) {
                    column.checkSupported(filePath.toString());
                }
            }
            PageReadStore pages = file.readRowGroup(next.index());
            VersionParser.ParsedVersion writer =
                    writerVersion(file.getFileMetaData().getCreatedBy());
            List<ColumnReader> columnReaders = new ArrayList<>(columns.size());
            for (ColumnDescriptor descriptor : projection.getColumns()) {
                columnReaders.add(
                        new ColumnReaderImpl(descriptor, pages.getPageReader(descriptor), UNUSED_CONVERTER, writer));
            }
            readers = columnReaders;
            rowsLeft = pages.getRowCount();
        } catch (IOException | RuntimeException e) {
            throw failure(e);
        }
    }

    @Override
    protected int fill(List<FieldVector> vectors, int capacity) {
        int rows = (int) Math.min(rowsLeft, capacity);
        try {
            for (int c = 0; c < vectors.size(); c++) {
                fillColumn(c, vectors.get(c), rows);
            }
        } catch (RuntimeException e) {
            throw failure(e);
        }
        rowsLeft -= rows;
        return rows;
    }

    private void fillColumn(int c, FieldVector vector, int rows) {
        ColumnReader reader = readers.get(c);
        int maxDefinition = reader.getDescriptor().getMaxDefinitionLevel();
        ParquetValueCopier copier = ParquetValueCopier.create(
                columns.get(c).parquetType().asPrimitiveType(), columns.get(c).type(), vector);
        for (int row = 0; row < rows; row++) {
            if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                copier.copy(reader, row);
            } else {
                vector.setNull(row);
            }
            reader.consume();
        }
    }

    private static VersionParser.ParsedVersion writerVersion(String createdBy) {
        try {
            return createdBy == null ? null : VersionParser.parse(createdBy);
        } catch (VersionParser.VersionParseException | RuntimeException e) {
            return null;
        }
    }

    /** A reading failure as the user sees it: the file and row group, and why. */
    private RuntimeException failure(Exception e) {
        if (e instanceof AqueductException aqueduct) {
            return aqueduct;
        }
        return new AqueductException(
                ErrorCode.FILE_ERROR,
                "Cannot read Parquet file %s, row group %d: %s"
                        .formatted(rowGroup.file(), rowGroup.index(), ParquetFiles.message(e)),
                e);
    }

    private void closeFile() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // read-only file: nothing was left to flush
            }
            file = null;
            filePath = null;
        }
    }

    @Override
    protected void closeSource() {
        closeFile();
    }
}
