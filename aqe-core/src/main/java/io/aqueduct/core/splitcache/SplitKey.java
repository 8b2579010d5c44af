package io.aqueduct.core.splitcache;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

/** One split of a table: part {@code part} (from 0) of {@code partCount} equal parts, as a scan task reads it. */
public record SplitKey(String catalog, String schema, String table, int part, int partCount) {
    public SplitKey {
        requireNonNull(catalog, "catalog is null");
        requireNonNull(schema, "schema is null");
        requireNonNull(table, "table is null");
        checkArgument(partCount > 0 && part >= 0 && part < partCount, "part %s of %s", part, partCount);
    }

    /** Whether {@code other} is a split of the same table. */
    public boolean sameTable(SplitKey other) {
        return catalog.equals(other.catalog) && schema.equals(other.schema) && table.equals(other.table);
    }

    @Override
    public String toString() {
        return "%s.%s.%s part %d/%d".formatted(catalog, schema, table, part, partCount);
    }
}
