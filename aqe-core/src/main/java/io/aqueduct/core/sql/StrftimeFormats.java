package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Map;

/**
 * A C {@code strftime} format, as DuckDB's STRFTIME and STRPTIME take it, written as the PostgreSQL template of
 * {@code TO_CHAR}, {@code TO_DATE} and {@code TO_TIMESTAMP}, which the engine runs: {@code %Y-%m-%d %H:%M:%S} is
 * {@code YYYY-MM-DD HH24:MI:SS}. Text between the specifiers is quoted; a {@code -} after the {@code %} drops the
 * padding (FM). Specifiers without a template field ({@code %w}, {@code %U}, {@code %c}, {@code %z}, ...) fail with
 * 0A000.
 */
final class StrftimeFormats {
    /** Each specifier's field; names that strftime does not pad are in fill mode. */
    private static final Map<Character, String> FIELDS = Map.ofEntries(
            Map.entry('Y', "YYYY"),
            Map.entry('y', "YY"),
            Map.entry('m', "MM"),
            Map.entry('d', "DD"),
            Map.entry('H', "HH24"),
            Map.entry('I', "HH12"),
            Map.entry('M', "MI"),
            Map.entry('S', "SS"),
            Map.entry('f', "US"),
            Map.entry('g', "MS"),
            Map.entry('j', "DDD"),
            Map.entry('b', "Mon"),
            Map.entry('h', "Mon"),
            Map.entry('B', "FMMonth"),
            Map.entry('a', "Dy"),
            Map.entry('A', "FMDay"),
            Map.entry('p', "AM"),
            Map.entry('u', "ID"),
            Map.entry('V', "IW"),
            Map.entry('G', "IYYY"));

    private StrftimeFormats() {}

    /** The template of {@code format}; {@code function} names the caller in an error. */
    static String toTemplate(String format, String function) {
        StringBuilder template = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < format.length()) {
            char c = format.charAt(i);
            if (c != '%' || i + 1 == format.length()) {
                literal.append(c);
                i++;
                continue;
            }
            boolean unpadded = format.charAt(i + 1) == '-' && i + 2 < format.length();
            char specifier = format.charAt(unpadded ? i + 2 : i + 1);
            i += unpadded ? 3 : 2;
            if (specifier == '%') {
                literal.append('%');
                continue;
            }
            String field = FIELDS.get(specifier);
            if (field == null) {
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED,
                        "%s format specifier %%%s is not supported".formatted(function, specifier));
            }
            appendQuoted(template, literal);
            template.append(unpadded && !field.startsWith("FM") ? "FM" + field : field);
        }
        appendQuoted(template, literal);
        return template.toString();
    }

    /** Appends the literal text in double quotes (a quote in it after a backslash), and empties it. */
    private static void appendQuoted(StringBuilder template, StringBuilder literal) {
        if (!literal.isEmpty()) {
            template.append('"')
                    .append(literal.toString().replace("\"", "\"\\\"\""))
                    .append('"');
            literal.setLength(0);
        }
    }
}
