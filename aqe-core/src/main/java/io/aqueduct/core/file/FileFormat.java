package io.aqueduct.core.file;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The file formats a file catalog reads, known by their file name extension. */
enum FileFormat {
    PARQUET(".parquet"),
    CSV(".csv");

    private final String extension;

    FileFormat(String extension) {
        this.extension = extension;
    }

    String extension() {
        return extension;
    }

    static Optional<FileFormat> of(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (FileFormat format : values()) {
            if (name.endsWith(format.extension) && name.length() > format.extension.length()) {
                return Optional.of(format);
            }
        }
        return Optional.empty();
    }
}
