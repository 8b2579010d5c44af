package io.aqueduct.core.expr;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's {@code REGEXP_REPLACE(string, pattern, replacement [, flags])} on Java regular expressions: the first
 * match replaced, every match with flag {@code g}, ignoring case with {@code i}; {@code \1} to {@code \9} in the
 * replacement stand for the groups and {@code \&} for the whole match, any other character is itself. The pattern and
 * the replacement, nearly always constants, are compiled once and kept while they stay the same.
 */
final class RegexReplacement implements StringFunctionExpression.RowFunction {
    /** A pattern and a replacement as compiled for their text and the flags. */
    private record Compiled(
            String pattern, String replacement, String flags, Pattern regex, String javaReplacement, boolean global) {}

    /** The last one compiled; rows of one expression may run on several threads, each sees a whole record. */
    private volatile Compiled last;

    @Override
    public Object apply(String[] values) {
        String flags = values.length > 3 ? values[3] : "";
        Compiled compiled = compiled(values[1], values[2], flags);
        Matcher matcher = compiled.regex().matcher(values[0]);
        return compiled.global()
                ? matcher.replaceAll(compiled.javaReplacement())
                : matcher.replaceFirst(compiled.javaReplacement());
    }

    private Compiled compiled(String pattern, String replacement, String flags) {
        Compiled known = last;
        if (known != null
                && known.pattern().equals(pattern)
                && known.replacement().equals(replacement)
                && known.flags().equals(flags)) {
            return known;
        }
        RegexFlags parsed = RegexFlags.parse(flags, "REGEXP_REPLACE", true);
        Compiled compiled = new Compiled(
                pattern, replacement, flags, parsed.compile(pattern), javaReplacement(replacement), parsed.global());
        last = compiled;
        return compiled;
    }

    /** PostgreSQL's replacement text in {@link Matcher}'s syntax. */
    private static String javaReplacement(String replacement) {
        StringBuilder java = new StringBuilder(replacement.length() + 8);
        for (int i = 0; i < replacement.length(); i++) {
            char c = replacement.charAt(i);
            if (c == '\\' && i + 1 < replacement.length()) {
                char next = replacement.charAt(++i);
                if (next >= '1' && next <= '9') {
                    java.append('$').append(next);
                } else if (next == '&') {
                    java.append("$0");
                } else {
                    java.append(Matcher.quoteReplacement(String.valueOf(next)));
                }
            } else {
                java.append(Matcher.quoteReplacement(String.valueOf(c)));
            }
        }
        return java.toString();
    }
}
