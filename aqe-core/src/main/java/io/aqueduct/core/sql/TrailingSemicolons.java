package io.aqueduct.core.sql;

/**
 * A statement's text without the semicolons that end it ({@code SELECT 1;}), which scripts and users pasting from
 * them send and which PostgreSQL's, MySQL's and DuckDB's drivers accept; Calcite's parser takes one statement without
 * it. A semicolon inside a string, a quoted identifier or a comment is text; one between two statements is left to the
 * parser, which refuses it.
 */
public final class TrailingSemicolons {
    private TrailingSemicolons() {}

    /** {@code sql} up to its last character that is neither blank, a comment nor a semicolon, if semicolons follow it. */
    public static String strip(String sql) {
        int significantEnd = 0;
        boolean semicolonAfter = false;
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = quotedEnd(sql, i, c);
                significantEnd = i;
                semicolonAfter = false;
            } else if (sql.startsWith("--", i)) {
                int lineEnd = sql.indexOf('\n', i);
                i = lineEnd < 0 ? sql.length() : lineEnd + 1;
            } else if (sql.startsWith("/*", i)) {
                int commentEnd = sql.indexOf("*/", i + 2);
                i = commentEnd < 0 ? sql.length() : commentEnd + 2;
            } else {
                if (c == ';') {
                    semicolonAfter = true;
                } else if (!Character.isWhitespace(c)) {
                    significantEnd = i + 1;
                    semicolonAfter = false;
                }
                i++;
            }
        }
        return semicolonAfter ? sql.substring(0, significantEnd) : sql;
    }

    /** The index after the quote that closes the one at {@code start}; a doubled quote stands for itself. */
    private static int quotedEnd(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }
}
