package io.aqueduct.core.expr;

import java.util.regex.Pattern;

/**
 * {@code REGEXP_LIKE(string, pattern [, flags])} (PostgreSQL 15, MySQL, Oracle): whether the pattern matches anywhere in
 * the string, on Java regular expressions; flags {@code i} and {@code c} ({@link RegexFlags}). The pattern, nearly
 * always a constant, is compiled once and kept while it stays the same.
 */
final class RegexMatch implements StringFunctionExpression.RowFunction {
    private record Compiled(String pattern, String flags, Pattern regex) {}

    /** The last one compiled; rows of one expression may run on several threads, each sees a whole record. */
    private volatile Compiled last;

    @Override
    public Object apply(String[] values) {
        String flags = values.length > 2 ? values[2] : "";
        Compiled known = last;
        if (known == null
                || !known.pattern().equals(values[1])
                || !known.flags().equals(flags)) {
            known = new Compiled(
                    values[1],
                    flags,
                    RegexFlags.parse(flags, "REGEXP_LIKE", false).compile(values[1]));
            last = known;
        }
        return known.regex().matcher(values[0]).find();
    }
}
