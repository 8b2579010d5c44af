package io.aqueduct.core.file;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a table's rows are: its files, in name order, each with the size and modification time it had
 * when listed (so a changed file is read again), and the optional CSV schema sidecar beside it.
 */
record TableFiles(String name, FileFormat format, List<FileStamp> files, Optional<Path> schemaSidecar) {
    TableFiles {
        files = List.copyOf(files);
    }

    List<Path> paths() {
        return files.stream().map(FileStamp::path).toList();
    }

    /** A file as listed: path, bytes and last modification (milliseconds). */
    record FileStamp(Path path, long sizeBytes, long modifiedMillis) {}
}
