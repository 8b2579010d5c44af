package io.aqueduct.core.file;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;

/** Opens Parquet files with parquet-java's reader on the local file system, without Hadoop's. */
final class ParquetFiles {
    /**
     * Options over a plain configuration and the file catalog's decompressors: the defaults would build
     * Hadoop's. Only the two-argument
     * constructor is called, since javac needs Hadoop's classes to resolve the overloads of {@code open}.
     */
    private static final ParquetReadOptions OPTIONS = ParquetReadOptions.builder(new PlainParquetConfiguration())
            .withCodecFactory(ParquetDecompressors.INSTANCE)
            .build();

    private ParquetFiles() {}

    static ParquetFileReader open(Path file) {
        try {
            return new ParquetFileReader(new LocalInputFile(file), OPTIONS);
        } catch (IOException | RuntimeException e) {
            throw new AqueductException(
                    ErrorCode.FILE_ERROR, "Cannot read Parquet file %s: %s".formatted(file, message(e)), e);
        }
    }

    static ParquetMetadata footer(Path file) {
        try (ParquetFileReader reader = open(file)) {
            return reader.getFooter();
        } catch (IOException e) {
            throw new AqueductException(
                    ErrorCode.FILE_ERROR, "Cannot read Parquet file %s: %s".formatted(file, message(e)), e);
        }
    }

    static String message(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
