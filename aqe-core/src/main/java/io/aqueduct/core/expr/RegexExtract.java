package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code REGEXP_EXTRACT(string, pattern [, group])} (Trino, DuckDB, Spark) and Oracle's and Snowflake's {@code
 * REGEXP_SUBSTR(string, pattern)}: the first match of the pattern in the string, or its capturing group {@code group}
 * (0, the default, is the whole match); NULL where nothing matches, as in Trino (DuckDB answers ''). A group the
 * pattern does not have fails with 22023. The pattern is compiled once while it stays the same.
 */
final class RegexExtract implements StringFunctionExpression.RowFunction {
    private record Compiled(String pattern, Pattern regex) {}

    /** The last one compiled; rows of one expression may run on several threads, each sees a whole record. */
    private volatile Compiled last;

    @Override
    public Object apply(String[] values) {
        Compiled known = last;
        if (known == null || !known.pattern().equals(values[1])) {
            known = new Compiled(
                    values[1], RegexFlags.parse("", "REGEXP_EXTRACT", false).compile(values[1]));
            last = known;
        }
        Matcher matcher = known.regex().matcher(values[0]);
        int group = values.length > 2 ? group(values[2]) : 0;
        if (group > matcher.groupCount()) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT,
                    "REGEXP_EXTRACT group %d: the pattern '%s' has %d"
                            .formatted(group, values[1], matcher.groupCount()));
        }
        return matcher.find() ? matcher.group(group) : null;
    }

    private static int group(String value) {
        long group = Long.parseLong(value.trim());
        if (group < 0 || group > Integer.MAX_VALUE) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "REGEXP_EXTRACT group must not be negative: " + group);
        }
        return (int) group;
    }
}
