package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;

/**
 * JDBC's escape clauses that Calcite's parser does not read, written as plain SQL: {@code {oj ...}} (an outer join) as
 * its content, {@code {escape 'c'}} (LIKE's escape character) as {@code ESCAPE 'c'} and {@code {limit n [offset m]}}
 * as {@code LIMIT n [OFFSET m]}. Reporting tools write them because the JDBC specification asks every driver to take
 * them. The parser reads the other escapes itself ({@code {fn ...}}, {@code {d ...}}, {@code {t ...}},
 * {@code {ts ...}}); braces in strings, quoted identifiers and comments are text.
 */
public final class JdbcEscapeClauses {
    /** Escapes whose braces go, leaving their content; the keyword of the last two stays, in upper case. */
    private static final Set<String> UNWRAPPED = Set.of("oj", "escape", "limit");

    private JdbcEscapeClauses() {}

    /**
     * {@code sql} with its {@code oj}, {@code escape} and {@code limit} escapes written as plain SQL.
     *
     * @throws AqueductException (42000) if one of them is not closed
     */
    public static String rewrite(String sql) {
        if (sql.indexOf('{') < 0) {
            return sql;
        }
        StringBuilder rewritten = new StringBuilder(sql.length());
        // For each brace open: whether its closing brace stays.
        Deque<Boolean> keepClosing = new ArrayDeque<>();
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int commentEnd = SqlText.commentEnd(sql, i);
            int next;
            if (SqlText.isQuote(c)) {
                next = SqlText.quotedEnd(sql, i);
                rewritten.append(sql, i, next);
            } else if (commentEnd >= 0) {
                next = commentEnd;
                rewritten.append(sql, i, next);
            } else if (c == '{') {
                int keywordStart = skipBlanks(sql, i + 1);
                int keywordEnd = keywordStart;
                while (keywordEnd < sql.length() && Character.isLetter(sql.charAt(keywordEnd))) {
                    keywordEnd++;
                }
                String keyword = sql.substring(keywordStart, keywordEnd).toLowerCase(Locale.ROOT);
                boolean unwrapped = UNWRAPPED.contains(keyword);
                keepClosing.push(!unwrapped);
                if (unwrapped) {
                    rewritten.append(' ').append(keyword.equals("oj") ? "" : keyword.toUpperCase(Locale.ROOT));
                    next = keywordEnd;
                } else {
                    rewritten.append(c);
                    next = i + 1;
                }
            } else if (c == '}' && !keepClosing.isEmpty()) {
                rewritten.append(keepClosing.pop() ? "}" : " ");
                next = i + 1;
            } else {
                rewritten.append(c);
                next = i + 1;
            }
            i = next;
        }
        if (keepClosing.contains(false)) {
            throw new AqueductException(
                    ErrorCode.SYNTAX_ERROR, "A JDBC escape clause ({oj, {escape or {limit) lacks its '}'");
        }
        return rewritten.toString();
    }

    private static int skipBlanks(String sql, int from) {
        int i = from;
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        return i;
    }
}
