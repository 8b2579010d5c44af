package io.aqueduct.core.expr;

/**
 * Scalar functions. Operands of arithmetic and comparison functions have already been brought to a
 * common type by the planner, except that DECIMAL operands may differ in scale (the evaluator
 * rescales) and DATE may meet DATE. SQL three-valued logic applies throughout: a NULL operand gives
 * a NULL result unless the function says otherwise.
 */
public enum Function {
    // arithmetic on INTEGER, BIGINT, DOUBLE, DECIMAL: result type is the call's type
    ADD,
    SUBTRACT,
    MULTIPLY,
    /** Integer division truncates; DECIMAL division rounds half up to the call's scale; x / 0 fails. */
    DIVIDE,
    MOD,
    NEGATE,
    ABS,
    /** The INTEGER operand if it is a SMALLINT's value (-32768 to 32767); fails with 22003 otherwise. */
    CHECK_SMALLINT,
    /** The INTEGER operand if it is a TINYINT's value (-128 to 127); fails with 22003 otherwise. */
    CHECK_TINYINT,
    // comparisons: BOOLEAN result
    EQUAL,
    NOT_EQUAL,
    LESS_THAN,
    LESS_THAN_OR_EQUAL,
    GREATER_THAN,
    GREATER_THAN_OR_EQUAL,
    // logic with SQL three-valued semantics (FALSE AND NULL = FALSE, TRUE OR NULL = TRUE)
    AND,
    OR,
    NOT,
    /** Never NULL. */
    IS_NULL,
    /** Never NULL. */
    IS_NOT_NULL,
    /** Never NULL: TRUE only when the operand is TRUE. */
    IS_TRUE,
    /** Never NULL: TRUE when the operand is FALSE or NULL. */
    IS_NOT_TRUE,
    /** Never NULL: TRUE only when the operand is FALSE. */
    IS_FALSE,
    /** Never NULL: TRUE when the operand is TRUE or NULL. */
    IS_NOT_FALSE,
    /** {@code (when1, then1, when2, then2, ..., else)}: the first WHEN that is TRUE picks its THEN. */
    CASE,
    /** {@code (value)} converted to the call's type. */
    CAST,
    /** {@code (value, pattern)} or {@code (value, pattern, escape)}: SQL LIKE with % and _. */
    LIKE,
    /** {@code (value, literal1, literal2, ...)}: NULL when no literal matches and value or a literal is NULL. */
    IN,
    /**
     * {@code (unit, datetime)} of a DATE, TIMESTAMP or TIME: unit is a VARCHAR literal (YEAR, QUARTER, MONTH,
     * WEEK, DAY, DOW, ISODOW, DOY, HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND, EPOCH, ...); BIGINT result.
     */
    EXTRACT,
    /** {@code (string, start)} or {@code (string, start, length)}: 1-based, SQL semantics. */
    SUBSTRING,
    /** {@code (date, days)}: the date plus a BIGINT number of days. */
    DATE_ADD_DAYS,
    /** {@code (datetime, months)}: a DATE or TIMESTAMP plus a BIGINT number of months, clamped to the month's end. */
    DATETIME_ADD_MONTHS,
    /** {@code (datetime, micros)}: a TIMESTAMP or TIME (wrapping at midnight) plus a BIGINT number of microseconds. */
    DATETIME_ADD_MICROS,
    /** {@code (later, earlier)}: two DATEs, TIMESTAMPs or TIMEs of one type; BIGINT microseconds between them. */
    DATETIME_DIFF_MICROS,
    /** {@code (later, earlier)}: two DATEs or TIMESTAMPs of one type; BIGINT whole months between them. */
    DATETIME_DIFF_MONTHS,
    /** {@code (unit, datetime)}: FLOOR(datetime TO unit), unit a VARCHAR literal; the datetime's type. */
    DATETIME_FLOOR,
    /** {@code (unit, datetime)}: CEIL(datetime TO unit). */
    DATETIME_CEIL,
    CONCAT,
    UPPER,
    LOWER,
    CHAR_LENGTH,
    /** {@code (string or binary)}: BIGINT bytes (of the UTF-8 encoding of a string). */
    OCTET_LENGTH,
    /** {@code (string)}: leading and trailing spaces removed. */
    TRIM,
    /** {@code (value1, value2, ...)}: the first non-NULL value. */
    COALESCE,
    // math: SQRT, CBRT, EXP, LN, LOG10, POWER and the trigonometric functions compute in DOUBLE
    /** {@code ()}: a DOUBLE from [0, 1), drawn for each row; the one function that is not {@link #isDeterministic()}. */
    RANDOM,
    SQRT,
    EXP,
    LN,
    LOG10,
    /** {@code (base, exponent)}: the exponent must be a literal. */
    POWER,
    CBRT,
    /** Trigonometric functions of radians; ASIN, ACOS and ATAN answer radians. */
    SIN,
    COS,
    TAN,
    COT,
    ASIN,
    ACOS,
    ATAN,
    /** {@code (y, x)}: the angle of the point (x, y) in radians, in (-pi, pi]. */
    ATAN2,
    /** {@code (radians)}: the angle in degrees. */
    DEGREES,
    /** {@code (degrees)}: the angle in radians. */
    RADIANS,
    /** {@code (value)}: -1, 0 or 1 in the value's type. */
    SIGN,
    CEIL,
    FLOOR,
    /** {@code (value [, digits])}: half away from zero to {@code digits} (a literal, default 0) decimals. */
    ROUND,
    /** {@code (value [, digits])}: toward zero to {@code digits} (a literal, default 0) decimals. */
    TRUNCATE,
    // strings
    /** {@code (substring, string)}: 1-based position of the first occurrence, 0 if none. */
    POSITION,
    /** {@code (string, search, replacement)}: every occurrence replaced. */
    REPLACE,
    /** {@code (flag, characters, string)}: flag BOTH, LEADING or TRAILING; removes any of the characters. */
    TRIM_CHARACTERS,
    /** {@code (string, length [, fill])}: padded on the left with {@code fill} (a space) or cut to the length. */
    LPAD,
    /** {@code (string, length [, fill])}: padded on the right with {@code fill} (a space) or cut to the length. */
    RPAD,
    /** {@code (string, count)}: the first {@code count} characters; all but the last {@code -count} if negative. */
    LEFT,
    /** {@code (string, count)}: the last {@code count} characters; all but the first {@code -count} if negative. */
    RIGHT,
    /** {@code (string, count)}: the string {@code count} times; empty if the count is not positive. */
    REPEAT,
    /** {@code (string)}: the characters in reverse order. */
    REVERSE,
    /** {@code (string)}: each word's first letter upper case, the others lower case. */
    INITCAP,
    /**
     * {@code (string, delimiter, n)}: the n-th field of the string split at the delimiter, counted from the end if n is
     * negative; empty past the last field (PostgreSQL).
     */
    SPLIT_PART,
    /** {@code (string, pattern, replacement [, flags])}: see {@link RegexReplacement}. */
    REGEXP_REPLACE,
    /** {@code (string, pattern [, flags])}: BOOLEAN, whether the pattern matches in the string; see {@link RegexMatch}. */
    REGEXP_LIKE,
    /** {@code (string, pattern [, escape])}: BOOLEAN, SQL's SIMILAR TO; see {@link SimilarToMatch}. */
    SIMILAR_TO,
    /**
     * {@code (string, pattern [, group])}: VARCHAR, the first match or its capturing group, NULL without a match; see
     * {@link RegexExtract}.
     */
    REGEXP_EXTRACT,
    /** {@code (date or timestamp, template)}: VARCHAR, PostgreSQL's TO_CHAR; see {@link PgDateTimeFormat}. */
    TO_CHAR,
    /**
     * {@code (text, template)}: the DATE or TIMESTAMP (the call's type) the text writes in the template, PostgreSQL's
     * TO_DATE and TO_TIMESTAMP; see {@link PgDateTimeFormat#read}.
     */
    PARSE_DATETIME,
    /** {@code (interval in milliseconds)}: VARCHAR, as PostgreSQL writes a day-time interval; see {@link IntervalText}. */
    DAY_TIME_INTERVAL_TEXT,
    /** {@code (interval in months)}: VARCHAR, as PostgreSQL writes a year-month interval; see {@link IntervalText}. */
    YEAR_MONTH_INTERVAL_TEXT,
    /** {@code (string)}: the MD5 digest of the string's UTF-8 bytes, 32 lower-case hexadecimal digits. */
    MD5,
    /** {@code (string)}: the code point of the first character, 0 for an empty string. */
    ASCII,
    /** {@code (code)}: the character of that code point (CHR, JDBC's CHAR); 0 and invalid code points fail. */
    CHR,
    /**
     * {@code (string, from, to)}: the string with each character of {@code from} replaced by the character at the same
     * place of {@code to}, or removed where {@code to} is shorter (PostgreSQL's, Oracle's and DuckDB's TRANSLATE).
     */
    TRANSLATE;

    /** Whether the function gives the same value for the same operands, so that a call of constants may be folded. */
    public boolean isDeterministic() {
        return this != RANDOM;
    }
}
