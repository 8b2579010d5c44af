package io.aqueduct.core.sql;

/** Scanning a statement's text before it is parsed: where its quoted parts and comments end. */
final class SqlText {
    private SqlText() {}

    /** The index after the quote that closes the one at {@code start}; a doubled quote stands for itself. */
    static int quotedEnd(String sql, int start) {
        char quote = sql.charAt(start);
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

    /** The index after the comment that starts at {@code start}, or -1 if none starts there. */
    static int commentEnd(String sql, int start) {
        if (sql.startsWith("--", start)) {
            int lineEnd = sql.indexOf('\n', start);
            return lineEnd < 0 ? sql.length() : lineEnd + 1;
        }
        if (sql.startsWith("/*", start)) {
            int end = sql.indexOf("*/", start + 2);
            return end < 0 ? sql.length() : end + 2;
        }
        return -1;
    }

    static boolean isQuote(char c) {
        return c == '\'' || c == '"';
    }
}
