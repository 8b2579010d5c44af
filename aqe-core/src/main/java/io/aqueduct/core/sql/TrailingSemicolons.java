package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;

/**
 * A statement's text without the semicolons that end it ({@code SELECT 1;}), which scripts and users pasting from
 * them send and which PostgreSQL's, MySQL's and DuckDB's drivers accept; Calcite's parser takes one statement without
 * it. A semicolon inside a string, a quoted identifier or a comment is text; one between two statements fails with
 * 42000 saying that a call runs one statement (the parser would only say that it did not expect the semicolon).
 */
public final class TrailingSemicolons {
    private TrailingSemicolons() {}

    /**
     * {@code sql} up to its last character that is neither blank, a comment nor a semicolon, if semicolons follow it.
     *
     * @throws AqueductException (42000) if a statement follows a semicolon
     */
    public static String strip(String sql) {
        int significantEnd = 0;
        boolean semicolonAfter = false;
        int semicolon = -1;
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (semicolonAfter && isStatementText(sql, i)) {
                throw new AqueductException(
                        ErrorCode.SYNTAX_ERROR,
                        "One statement at a time: more follows the ';' at character " + (semicolon + 1));
            }
            int commentEnd = SqlText.commentEnd(sql, i);
            if (SqlText.isQuote(c)) {
                i = SqlText.quotedEnd(sql, i);
                significantEnd = i;
            } else if (commentEnd >= 0) {
                i = commentEnd;
            } else {
                if (c == ';') {
                    semicolon = semicolonAfter ? semicolon : i;
                    semicolonAfter = true;
                } else if (!Character.isWhitespace(c)) {
                    significantEnd = i + 1;
                }
                i++;
            }
        }
        return semicolonAfter ? sql.substring(0, significantEnd) : sql;
    }

    /** Whether the character at {@code i} starts statement text: not a blank, a semicolon or a comment. */
    private static boolean isStatementText(String sql, int i) {
        char c = sql.charAt(i);
        return c != ';' && !Character.isWhitespace(c) && SqlText.commentEnd(sql, i) < 0;
    }
}
