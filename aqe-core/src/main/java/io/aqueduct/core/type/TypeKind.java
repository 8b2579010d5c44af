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
    /** Microseconds since 1970-01-01 00:00:00, a wall-clock date and time without zone (Arrow TimeStampMicro). */
    TIMESTAMP,
    /** Microseconds since midnight (Arrow TimeMicro, 64 bits). */
    TIME,
    VARCHAR,
    /** Bytes (Arrow Binary). */
    VARBINARY,
    /** Only the NULL literal has this type. */
    NULL
}
