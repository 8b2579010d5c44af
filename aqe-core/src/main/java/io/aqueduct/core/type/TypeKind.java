package io.aqueduct.core.type;

/** The SQL types the engine executes, each with one Arrow representation. */
public enum TypeKind {
    BOOLEAN,
    INTEGER,
    BIGINT,
    DOUBLE,
    /** Scaled 64-bit integer: the unscaled value of a DECIMAL(precision, scale) with precision <= 18. */
    DECIMAL,
    /** Days since 1970-01-01 (Arrow DateDay). */
    DATE,
    VARCHAR,
    /** Only the NULL literal has this type. */
    NULL
}
