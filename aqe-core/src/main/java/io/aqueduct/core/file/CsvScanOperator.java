package io.aqueduct.core.file;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.google.common.io.ByteStreams;
import io.aqueduct.core.connector.BatchScanOperator;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.file.CsvTable.CsvDataRange;
import io.aqueduct.core.type.RowType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Parses a scan's byte ranges of CSV files into batches of the requested columns, each field written
 * straight into its column's vector (an empty field is NULL). A range holds the records that start in
 * it: it begins after the first line feed at or after its start and reads on to the first line end at
 * or after its end, so a quoted field holding a line break must not straddle a range boundary.
 */
final class CsvScanOperator extends BatchScanOperator {
    private final RowType outputType;
    private final List<String> fileColumns;
    /** For each column of the file, its position in the output, or -1 when it is not read. */
    private final int[] outputOfColumn;

    private final Iterator<CsvDataRange> ranges;

    private CsvDataRange range;
    private long rangeStart;
    private FileChannel channel;
    private CsvParser parser;

    CsvScanOperator(
            RowType outputType,
            List<String> fileColumns,
            int[] outputOfColumn,
            List<CsvDataRange> ranges,
            String name,
            ExecutionContext context) {
        super(outputType, name, context);
        this.outputType = outputType;
        this.fileColumns = List.copyOf(fileColumns);
        this.outputOfColumn = outputOfColumn.clone();
        this.ranges = List.copyOf(ranges).iterator();
    }

    @Override
    protected boolean hasMoreRows() {
        while (parser == null) {
            if (!ranges.hasNext()) {
                return false;
            }
            openRange(ranges.next());
        }
        return true;
    }

    private void openRange(CsvDataRange next) {
        range = next;
        try {
            channel = FileChannel.open(next.file(), StandardOpenOption.READ);
            long size = channel.size();
            rangeStart = CsvFiles.recordStart(channel, next.start(), size);
            long end = next.end() >= size ? size : CsvFiles.recordStart(channel, next.end(), size);
            if (rangeStart >= end) {
                closeRange();
                return;
            }
            channel.position(rangeStart);
            InputStream input = ByteStreams.limit(Channels.newInputStream(channel), end - rangeStart);
            parser = CsvFiles.parser(input);
        } catch (IOException e) {
            closeRange();
            throw CsvFiles.unreadable(next.file(), e);
        }
    }

    @Override
    protected int fill(List<FieldVector> vectors, int capacity) {
        CsvValueWriter[] writers = new CsvValueWriter[fileColumns.size()];
        for (int column = 0; column < writers.length; column++) {
            int output = outputOfColumn[column];
            if (output >= 0) {
                writers[column] = CsvValueWriter.create(outputType.type(output), vectors.get(output));
            }
        }
        int rows = 0;
        try {
            while (rows < capacity && parser.nextToken() == JsonToken.START_ARRAY) {
                readRecord(writers, vectors, rows);
                rows++;
            }
            if (rows < capacity) {
                closeRange();
            }
        } catch (IOException e) {
            throw CsvFiles.unreadable(range.file(), e);
        }
        return rows;
    }

    private void readRecord(CsvValueWriter[] writers, List<FieldVector> vectors, int row) throws IOException {
        int column = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != null) {
            if (column < writers.length && writers[column] != null) {
                String text = parser.getText();
                if (text.isEmpty()) {
                    vectors.get(outputOfColumn[column]).setNull(row);
                } else {
                    write(writers[column], column, text, row);
                }
            }
            column++;
        }
        if (column != writers.length) {
            throw badRecord("has %d fields, the header %d".formatted(column, writers.length));
        }
    }

    private void write(CsvValueWriter writer, int column, String text, int row) {
        try {
            writer.write(text, row);
        } catch (IllegalArgumentException | ArithmeticException | java.time.DateTimeException e) {
            throw badRecord("column %s: '%s' is not a %s"
                    .formatted(fileColumns.get(column), text, outputType.type(outputOfColumn[column])));
        }
    }

    private AqueductException badRecord(String problem) {
        return new AqueductException(
                ErrorCode.BAD_FILE_DATA, "CSV file %s, line %d: %s".formatted(range.file(), lineNumber(), problem));
    }

    /** The file's line number of the record being read: lines before the range plus the parser's line. */
    private long lineNumber() {
        long linesBefore = 0;
        try {
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            for (long offset = 0; offset < rangeStart; ) {
                buffer.clear();
                buffer.limit((int) Math.min(buffer.capacity(), rangeStart - offset));
                int read = channel.read(buffer, offset);
                if (read <= 0) {
                    break;
                }
                for (int i = 0; i < read; i++) {
                    if (buffer.get(i) == '\n') {
                        linesBefore++;
                    }
                }
                offset += read;
            }
        } catch (IOException e) {
            return parser.currentLocation().getLineNr();
        }
        return linesBefore + parser.currentLocation().getLineNr();
    }

    private void closeRange() {
        try {
            if (parser != null) {
                parser.close();
            }
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // read-only file: nothing was left to flush
        }
        parser = null;
        channel = null;
    }

    @Override
    protected void closeSource() {
        closeRange();
    }
}
