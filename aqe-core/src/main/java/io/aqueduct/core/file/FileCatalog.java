package io.aqueduct.core.file;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A file catalog as given on the command line, {@code NAME=DIR}: under {@code DIR} each subdirectory is
 * a schema of catalog {@code NAME}.
 *
 * <pre>{@code
 * FileCatalog catalog = FileCatalog.parse("lake=/data/lake");
 * catalog.name(); // "lake"
 * }</pre>
 */
public record FileCatalog(String name, Path root) {
    public FileCatalog {
        requireNonNull(name, "name is null");
        requireNonNull(root, "root is null");
    }

    /** Parses {@code NAME=DIR}; the name is lower-cased, the directory made absolute. */
    public static FileCatalog parse(String specification) {
        int equals = specification.indexOf('=');
        if (equals <= 0 || equals == specification.length() - 1) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "A file catalog is NAME=DIR, not '" + specification + "'");
        }
        String name = specification.substring(0, equals).trim().toLowerCase(Locale.ROOT);
        try {
            Path root = Path.of(specification.substring(equals + 1).trim())
                    .toAbsolutePath()
                    .normalize();
            return new FileCatalog(name, root);
        } catch (InvalidPathException e) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "Catalog " + name + ": invalid directory: " + e.getMessage(), e);
        }
    }

    /** Fails with a message naming the catalog unless its directory exists and can be listed. */
    public FileCatalog checkReadable() {
        if (!Files.isDirectory(root)) {
            throw new AqueductException(
                    ErrorCode.FILE_ERROR, "Catalog %s: directory %s does not exist".formatted(name, root));
        }
        if (!Files.isReadable(root)) {
            throw new AqueductException(
                    ErrorCode.FILE_ERROR, "Catalog %s: directory %s is not readable".formatted(name, root));
        }
        return this;
    }

    /** The catalog as {@link #parse} reads it. */
    public String specification() {
        return name + "=" + root;
    }
}
