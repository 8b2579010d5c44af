package io.aqueduct.core.file;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * CSV parsing with Jackson's CSV module: comma-separated, {@code "}-quoted fields (a quote inside a
 * quoted field doubled), one record per line. Each record comes out as a run of field strings, so
 * callers write fields straight into column vectors.
 */
final class CsvFiles {
    private static final CsvMapper MAPPER = new CsvMapper();
    private static final CsvSchema NO_HEADER = CsvSchema.emptySchema();

    private CsvFiles() {}

    /** A parser over {@code input}, which starts at a record boundary. */
    static CsvParser parser(InputStream input) throws IOException {
        CsvParser parser = MAPPER.getFactory().createParser(input);
        parser.setSchema(NO_HEADER);
        return parser;
    }

    /**
     * The next record's fields, or null at the end of the input: reads {@code START_ARRAY}, the field
     * strings, {@code END_ARRAY}.
     */
    static List<String> nextRecord(CsvParser parser) throws IOException {
        JsonToken token = parser.nextToken();
        if (token == null) {
            return null;
        }
        List<String> fields = new ArrayList<>();
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != null) {
            fields.add(parser.getText());
        }
        return fields;
    }

    /**
     * The offset of the first record that starts at or after {@code position}: {@code position} itself
     * if a line ends just before it, else the byte after the next line feed ({@code size} if none).
     */
    static long recordStart(FileChannel channel, long position, long size) throws IOException {
        if (position == 0 || position >= size) {
            return Math.min(position, size);
        }
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        long offset = position - 1;
        while (offset < size) {
            buffer.clear();
            int read = channel.read(buffer, offset);
            if (read <= 0) {
                break;
            }
            for (int i = 0; i < read; i++) {
                if (buffer.get(i) == '\n') {
                    return offset + i + 1;
                }
            }
            offset += read;
        }
        return size;
    }

    /** The byte offset where the header line ends. */
    static long headerEnd(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return recordStart(channel, 1, channel.size());
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    static AqueductException unreadable(Path file, Exception e) {
        return new AqueductException(
                ErrorCode.FILE_ERROR, "Cannot read CSV file %s: %s".formatted(file, ParquetFiles.message(e)), e);
    }
}
