package io.aqueduct.core.skew;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;

/**
 * The schemas of the {@code skew} catalog: one per size, each with its fact rows, dimension keys and the Zipf
 * exponent of its fact keys. The sizes share {@link SkewConnector#KEY_EXPONENT} (key 1 holds about 30% of the rows);
 * {@code hot} concentrates about 80% of its rows on key 1, where a partitioned join's hot task is most of a stage's
 * work even on 2 cores.
 */
public enum SkewSchema {
    TINY("tiny", 100_000, 10_000, SkewConnector.KEY_EXPONENT),
    SMALL("small", 1_000_000, 100_000, SkewConnector.KEY_EXPONENT),
    MEDIUM("medium", 10_000_000, 100_000, SkewConnector.KEY_EXPONENT),
    LARGE("large", 100_000_000, 100_000, SkewConnector.KEY_EXPONENT),
    HOT("hot", 4_000_000, 100_000, SkewConnector.HOT_KEY_EXPONENT);

    private final String schemaName;
    private final long factRows;
    private final int dimKeys;
    private final double keyExponent;

    SkewSchema(String schemaName, long factRows, int dimKeys, double keyExponent) {
        this.schemaName = schemaName;
        this.factRows = factRows;
        this.dimKeys = dimKeys;
        this.keyExponent = keyExponent;
    }

    /** The exponent s of Zipf's law that {@code f_key} follows over 1..dimKeys. */
    public double keyExponent() {
        return keyExponent;
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
