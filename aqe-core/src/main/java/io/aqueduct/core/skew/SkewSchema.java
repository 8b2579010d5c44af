package io.aqueduct.core.skew;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;

/** The schemas of the {@code skew} catalog: one per size, each with its fact rows and dimension keys. */
public enum SkewSchema {
    TINY("tiny", 100_000, 10_000),
    SMALL("small", 1_000_000, 100_000),
    MEDIUM("medium", 10_000_000, 100_000),
    LARGE("large", 100_000_000, 100_000);

    private final String schemaName;
    private final long factRows;
    private final int dimKeys;

    SkewSchema(String schemaName, long factRows, int dimKeys) {
        this.schemaName = schemaName;
        this.factRows = factRows;
        this.dimKeys = dimKeys;
    }

    public String schemaName() {
        return schemaName;
    }

    public long factRows() {
        return factRows;
    }

    /** Rows of {@code dim}, whose keys are 1..dimKeys. */
    public int dimKeys() {
        return dimKeys;
    }

    public static SkewSchema fromName(String schemaName) {
        for (SkewSchema schema : values()) {
            if (schema.schemaName.equals(schemaName)) {
                return schema;
            }
        }
        throw new AqueductException(ErrorCode.SCHEMA_NOT_FOUND, "Schema skew." + schemaName + " does not exist");
    }
}
