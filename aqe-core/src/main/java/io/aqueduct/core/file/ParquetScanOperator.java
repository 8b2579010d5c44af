package io.aqueduct.core.file;

import static com.google.common.base.Preconditions.checkState;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.file.ParquetTable.ParquetRowGroup;
import io.aqueduct.core.type.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
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
 * projected column chunks are read from disk ({@link ParquetFileReader#setRequestedSchema}). Batches
 * come from this operator's allocator, so the consumer closes each batch before closing the operator.
 */
final class ParquetScanOperator implements Operator {
    /** The reader hands values out through getters; the converter push path is unused. */
    private static final PrimitiveConverter UNUSED_CONVERTER = new PrimitiveConverter() {};

    private final RowType outputType;
    private final Schema schema;
    private final List<ParquetColumn> columns;
    private final MessageType projection;
    private final Iterator<ParquetRowGroup> rowGroups;
    private final ExecutionContext context;
    private final BufferAllocator allocator;

    private ParquetFileReader file;
    private Path filePath;
    private ParquetRowGroup rowGroup;
    private List<ColumnReader> readers = List.of();
    private long rowsLeft;
    private boolean closed;

    ParquetScanOperator(
            RowType outputType,
            List<ParquetColumn> columns,
            MessageType projection,
            List<ParquetRowGroup> rowGroups,
            String name,
            ExecutionContext context) {
        this.outputType = outputType;
        this.schema = outputType.toSchema();
        this.columns = List.copyOf(columns);
        this.projection = projection;
        this.rowGroups = List.copyOf(rowGroups).iterator();
        this.context = context;
        this.allocator = context.allocator().newChildAllocator(name, 0, Long.MAX_VALUE);
    }

    @Override
    public RowType outputType() {
        return outputType;
    }

    @Override
    public VectorSchemaRoot next() {
        checkState(!closed, "operator is closed");
        context.checkCanceled();
        while (rowsLeft == 0) {
            if (!rowGroups.hasNext()) {
                closeFile();
                return null;
            }
            startRowGroup(rowGroups.next());
        }
        int rows = (int) Math.min(rowsLeft, context.batchRows());
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
        try {
            fill(batch, rows);
            rowsLeft -= rows;
            return batch;
        } catch (RuntimeException e) {
            batch.close();
            throw failure(e);
        }
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

    private void fill(VectorSchemaRoot batch, int rows) {
        List<FieldVector> vectors = batch.getFieldVectors();
        for (int c = 0; c < vectors.size(); c++) {
            FieldVector vector = vectors.get(c);
            vector.setInitialCapacity(rows);
            vector.allocateNew();
            ColumnReader reader = readers.get(c);
            int maxDefinition = reader.getDescriptor().getMaxDefinitionLevel();
            ParquetValueCopier copier = ParquetValueCopier.create(
                    columns.get(c).parquetType().asPrimitiveType(),
                    columns.get(c).type(),
                    vector);
            for (int row = 0; row < rows; row++) {
                if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                    copier.copy(reader, row);
                } else {
                    vector.setNull(row);
                }
                reader.consume();
            }
            vector.setValueCount(rows);
        }
        batch.setRowCount(rows);
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
    public void close() {
        if (!closed) {
            closed = true;
            closeFile();
            allocator.close();
        }
    }
}
