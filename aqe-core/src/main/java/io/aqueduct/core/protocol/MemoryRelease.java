package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.memory.MemoryStore;

/**
 * What a worker's memory catalog store is to release: a dropped table's rows ({@code schema}, {@code table}), or
 * the rows a failed write stored ({@code writeId}).
 */
public record MemoryRelease(String schema, String table, String writeId) {
    @JsonCreator
    public MemoryRelease(
            @JsonProperty("schema") String schema,
            @JsonProperty("table") String table,
            @JsonProperty("writeId") String writeId) {
        this.schema = schema;
        this.table = table;
        this.writeId = writeId;
    }

    public static MemoryRelease table(String schema, String table) {
        return new MemoryRelease(schema, table, null);
    }

    public static MemoryRelease write(String writeId) {
        return new MemoryRelease(null, null, writeId);
    }

    public void applyTo(MemoryStore store) {
        if (writeId != null) {
            store.dropWrite(writeId);
        } else {
            store.dropTable(schema, table);
        }
    }
}
