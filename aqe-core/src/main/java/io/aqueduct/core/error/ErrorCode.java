package io.aqueduct.core.error;

/**
 * Every failure the engine reports, with the SQLState the JDBC layer hands to the client. The JDBC
 * layer never guesses a SQLState: it reads it from here.
 */
public enum ErrorCode {
    SYNTAX_ERROR(ErrorType.USER, "42000"),
    TABLE_NOT_FOUND(ErrorType.USER, "42S02"),
    COLUMN_NOT_FOUND(ErrorType.USER, "42S22"),
    SCHEMA_NOT_FOUND(ErrorType.USER, "3F000"),
    TYPE_MISMATCH(ErrorType.USER, "42804"),
    INVALID_QUERY(ErrorType.USER, "42000"),
    NOT_SUPPORTED(ErrorType.USER, "0A000"),
    /** CREATE of a schema or table that exists. */
    ALREADY_EXISTS(ErrorType.USER, "42S01"),
    /** A NULL stored into a NOT NULL column. */
    NOT_NULL_VIOLATION(ErrorType.USER, "23502"),
    DIVISION_BY_ZERO(ErrorType.USER, "22012"),
    NUMERIC_OUT_OF_RANGE(ErrorType.USER, "22003"),
    INVALID_CAST(ErrorType.USER, "22018"),
    INVALID_ARGUMENT(ErrorType.USER, "22023"),
    /** LN or LOG10 of zero or of a negative number. */
    INVALID_ARGUMENT_FOR_LOGARITHM(ErrorType.USER, "2201E"),
    /** A negative number to a fractional power (SQRT of a negative number), or zero to a negative power. */
    INVALID_ARGUMENT_FOR_POWER(ErrorType.USER, "2201F"),
    /** Text that does not match the template it is read with (TO_DATE, TO_TIMESTAMP). */
    INVALID_DATETIME_FORMAT(ErrorType.USER, "22007"),
    /** A DATE or TIMESTAMP outside the years 1 to 9999 that SQL and JDBC's date and time classes hold. */
    DATETIME_OUT_OF_RANGE(ErrorType.USER, "22008"),
    /** A value in a data file that does not parse as its column's type (invalid text representation). */
    BAD_FILE_DATA(ErrorType.USER, "22P02"),
    /** A value longer than the engine builds: a string function asked for more characters than the limit. */
    VALUE_TOO_LONG(ErrorType.USER, "54000"),
    /** A statement nested too deeply for the planner's recursion (PostgreSQL's statement_too_complex). */
    STATEMENT_TOO_COMPLEX(ErrorType.USER, "54001"),
    QUERY_CANCELED(ErrorType.USER, "57014"),
    /** The query ran longer than its statement's timeout or the server's maximum run time. */
    QUERY_TIMEOUT(ErrorType.USER, "HYT00"),
    EXCEEDED_MEMORY_LIMIT(ErrorType.INSUFFICIENT_RESOURCES, "53200"),
    /** The query waited longer than the admission queue's timeout for one of the running slots. */
    QUERY_QUEUE_TIMEOUT(ErrorType.INSUFFICIENT_RESOURCES, "53000"),
    WORKER_UNAVAILABLE(ErrorType.EXTERNAL, "08006"),
    /** A data file or directory that is missing, unreadable or corrupt. */
    FILE_ERROR(ErrorType.EXTERNAL, "58030"),
    INTERNAL_ERROR(ErrorType.INTERNAL, "XX000");

    private final ErrorType type;
    private final String sqlState;

    ErrorCode(ErrorType type, String sqlState) {
        this.type = type;
        this.sqlState = sqlState;
    }

    public ErrorType type() {
        return type;
    }

    public String sqlState() {
        return sqlState;
    }
}
