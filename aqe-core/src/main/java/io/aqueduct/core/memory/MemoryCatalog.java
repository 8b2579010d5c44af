package io.aqueduct.core.memory;

import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The coordinator's metadata of the memory catalog: schemas and their tables. New tables are visible to every
 * session at once (planning reads this catalog each time). Starts with the empty schema {@value #DEFAULT_SCHEMA}.
 * Thread-safe.
 */
public final class MemoryCatalog {
    public static final String DEFAULT_SCHEMA = "public";

    private final Map<String, Map<String, MemoryTable>> schemas = new TreeMap<>();

    public MemoryCatalog() {
        schemas.put(DEFAULT_SCHEMA, new TreeMap<>());
    }

    public synchronized List<String> schemaNames() {
        return List.copyOf(schemas.keySet());
    }

    public synchronized List<MemoryTable> tables(String schema) {
        return List.copyOf(existingSchema(schema).values());
    }

    public synchronized Optional<MemoryTable> table(String schema, String table) {
        Map<String, MemoryTable> tables = schemas.get(schema);
        return tables == null ? Optional.empty() : Optional.ofNullable(tables.get(table));
    }

    /** Creates the schema; false when it exists and {@code ifNotExists}, an error when it exists otherwise. */
    public synchronized boolean createSchema(String schema, boolean ifNotExists) {
        if (schemas.containsKey(schema)) {
            if (ifNotExists) {
                return false;
            }
            throw new AqueductException(ErrorCode.ALREADY_EXISTS, "Schema " + qualified(schema) + " already exists");
        }
        schemas.put(schema, new TreeMap<>());
        return true;
    }

    /**
     * Drops the schema, and with {@code cascade} its tables; without, a schema with tables stays. The names of the
     * tables dropped with it (their rows are the workers' to release); empty when it does not exist and {@code
     * ifExists}.
     */
    public synchronized List<String> dropSchema(String schema, boolean ifExists, boolean cascade) {
        Map<String, MemoryTable> tables = schemas.get(schema);
        if (tables == null) {
            if (ifExists) {
                return List.of();
            }
            throw schemaNotFound(schema);
        }
        if (!tables.isEmpty() && !cascade) {
            throw new AqueductException(
                    ErrorCode.INVALID_QUERY,
                    "Schema " + qualified(schema) + " is not empty: drop its tables " + tables.keySet()
                            + " first, or drop it with CASCADE");
        }
        schemas.remove(schema);
        return List.copyOf(tables.keySet());
    }

    /** Creates an empty table; false when it exists and {@code ifNotExists}. */
    public synchronized boolean createTable(String schema, TableDefinition definition, boolean ifNotExists) {
        Map<String, MemoryTable> tables = existingSchema(schema);
        if (tables.containsKey(definition.name())) {
            if (ifNotExists) {
                return false;
            }
            throw new AqueductException(
                    ErrorCode.ALREADY_EXISTS,
                    "Table " + qualified(schema) + "." + definition.name() + " already exists");
        }
        tables.put(definition.name(), new MemoryTable(definition, new TableStatistics(0, 0)));
        return true;
    }

    /** Drops the table from the catalog; false when it does not exist and {@code ifExists}. */
    public synchronized boolean dropTable(String schema, String table, boolean ifExists) {
        Map<String, MemoryTable> tables = schemas.get(schema);
        if (tables == null || !tables.containsKey(table)) {
            if (ifExists) {
                return false;
            }
            throw tableNotFound(schema, table);
        }
        tables.remove(table);
        return true;
    }

    /** Counts a committed write's rows and bytes into the table's statistics; nothing if it was dropped meanwhile. */
    public synchronized void addWritten(String schema, String table, long rows, long bytes) {
        Map<String, MemoryTable> tables = schemas.get(schema);
        if (tables != null) {
            tables.computeIfPresent(table, (name, existing) -> existing.withWritten(rows, bytes));
        }
    }

    private Map<String, MemoryTable> existingSchema(String schema) {
        Map<String, MemoryTable> tables = schemas.get(schema);
        if (tables == null) {
            throw schemaNotFound(schema);
        }
        return tables;
    }

    static AqueductException tableNotFound(String schema, String table) {
        return new AqueductException(
                ErrorCode.TABLE_NOT_FOUND, "Table " + qualified(schema) + "." + table + " does not exist");
    }

    private static AqueductException schemaNotFound(String schema) {
        return new AqueductException(ErrorCode.SCHEMA_NOT_FOUND, "Schema " + qualified(schema) + " does not exist");
    }

    private static String qualified(String schema) {
        return MemoryConnector.NAME + "." + schema;
    }
}
