package io.aqueduct.core.file;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.file.TableFiles.FileStamp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One schema directory of a file catalog, listed: a file {@code T.parquet} or {@code T.csv} is table
 * {@code t}; so is a subdirectory {@code T} holding files of one format (Spark's and DuckDB's
 * partitioned output). Names are lower-cased; hidden files ({@code .x}, {@code _x}) are skipped. A CSV
 * table's optional type overrides are in {@code T.schema} beside it ({@link CsvSchemaSidecar}).
 */
record TableDirectory(Path directory, List<TableFiles> tables) {
    static final String SIDECAR_EXTENSION = ".schema";

    /** The catalog's schema directories by schema name, listed now. */
    static Map<String, Path> schemas(FileCatalog catalog) {
        Map<String, Path> schemas = new LinkedHashMap<>();
        for (Path child : list(catalog.root())) {
            if (Files.isDirectory(child) && !hidden(child)) {
                schemas.putIfAbsent(lowerName(child), child);
            }
        }
        return schemas;
    }

    /** The tables of one schema directory, listed now. */
    static TableDirectory of(Path schemaDirectory) {
        return new TableDirectory(schemaDirectory, tablesIn(schemaDirectory));
    }

    Optional<TableFiles> table(String name) {
        return tables.stream().filter(table -> table.name().equals(name)).findFirst();
    }

    private static List<TableFiles> tablesIn(Path schemaDirectory) {
        List<TableFiles> tables = new ArrayList<>();
        for (Path child : list(schemaDirectory)) {
            if (hidden(child)) {
                continue;
            }
            if (Files.isRegularFile(child)) {
                FileFormat.of(child)
                        .ifPresent(format -> tables.add(new TableFiles(
                                tableName(child, format),
                                format,
                                List.of(stamp(child)),
                                sidecar(schemaDirectory, child, format))));
            } else if (Files.isDirectory(child)) {
                tableOfDirectory(schemaDirectory, child).ifPresent(tables::add);
            }
        }
        // Two files may name one table (t.csv, t.parquet): the first in name order is the table.
        Map<String, TableFiles> byName = new LinkedHashMap<>();
        tables.forEach(table -> byName.putIfAbsent(table.name(), table));
        return List.copyOf(byName.values());
    }

    /** A directory of files of one format; directories with none, or with both formats, are not tables. */
    private static Optional<TableFiles> tableOfDirectory(Path schemaDirectory, Path directory) {
        List<Path> files = list(directory).stream()
                .filter(file -> Files.isRegularFile(file) && !hidden(file))
                .filter(file -> FileFormat.of(file).isPresent())
                .toList();
        List<FileFormat> formats = files.stream()
                .map(file -> FileFormat.of(file).orElseThrow())
                .distinct()
                .toList();
        if (formats.size() != 1) {
            return Optional.empty();
        }
        String name = lowerName(directory);
        Path sidecar = schemaDirectory.resolve(directory.getFileName() + SIDECAR_EXTENSION);
        return Optional.of(new TableFiles(
                name,
                formats.get(0),
                files.stream().map(TableDirectory::stamp).toList(),
                Files.isRegularFile(sidecar) ? Optional.of(sidecar) : Optional.empty()));
    }

    private static Optional<Path> sidecar(Path schemaDirectory, Path file, FileFormat format) {
        String fileName = file.getFileName().toString();
        String stem =
                fileName.substring(0, fileName.length() - format.extension().length());
        Path sidecar = schemaDirectory.resolve(stem + SIDECAR_EXTENSION);
        return Files.isRegularFile(sidecar) ? Optional.of(sidecar) : Optional.empty();
    }

    private static String tableName(Path file, FileFormat format) {
        String name = lowerName(file);
        return name.substring(0, name.length() - format.extension().length());
    }

    private static String lowerName(Path path) {
        return path.getFileName().toString().toLowerCase(Locale.ROOT);
    }

    private static boolean hidden(Path path) {
        String name = path.getFileName().toString();
        return name.startsWith(".") || name.startsWith("_");
    }

    private static FileStamp stamp(Path file) {
        try {
            return new FileStamp(
                    file, Files.size(file), Files.getLastModifiedTime(file).toMillis());
        } catch (IOException e) {
            throw new AqueductException(ErrorCode.FILE_ERROR, "Cannot read %s: %s".formatted(file, e), e);
        }
    }

    private static List<Path> list(Path directory) {
        try (Stream<Path> children = Files.list(directory)) {
            return children.sorted(Comparator.comparing(Path::toString)).toList();
        } catch (IOException e) {
            throw new AqueductException(
                    ErrorCode.FILE_ERROR, "Cannot list directory %s: %s".formatted(directory, e), e);
        }
    }
}
