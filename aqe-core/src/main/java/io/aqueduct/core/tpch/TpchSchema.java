package io.aqueduct.core.tpch;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;

/** The schemas of the {@code tpch} catalog: one per scale factor. */
public enum TpchSchema {
    TINY("tiny", 0.01, 60_175),
    SF0_1("sf0_1", 0.1, 600_572),
    SF1("sf1", 1, 6_001_215),
    SF10("sf10", 10, 59_986_052),
    SF100("sf100", 100, 600_037_902);

    private final String schemaName;
    private final double scaleFactor;
    private final long lineItemRows;

    TpchSchema(String schemaName, double scaleFactor, long lineItemRows) {
        this.schemaName = schemaName;
        this.scaleFactor = scaleFactor;
        this.lineItemRows = lineItemRows;
    }

    public String schemaName() {
        return schemaName;
    }

    public double scaleFactor() {
        return scaleFactor;
    }

    /**
     * Rows of lineitem as the generator produces them: the spec only approximates this count, since each
     * order draws its number of lines at random. Counted once by replaying the generator's line-count stream.
     */
    public long lineItemRows() {
        return lineItemRows;
    }

    public static TpchSchema fromName(String schemaName) {
        for (TpchSchema schema : values()) {
            if (schema.schemaName.equals(schemaName)) {
                return schema;
            }
        }
        throw new AqueductException(ErrorCode.SCHEMA_NOT_FOUND, "Schema tpch." + schemaName + " does not exist");
    }
}
