package io.aqueduct.core.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The front step that recognizes {@code EXPLAIN [ANALYZE] query} (and Calcite's own {@code EXPLAIN
 * PLAN FOR query}) ahead of Calcite's parser, which has neither plain EXPLAIN nor ANALYZE; the query
 * itself is parsed by Calcite.
 */
record ExplainPrefix(int length, boolean analyze) {
    private static final Pattern PREFIX =
            Pattern.compile("^\\s*EXPLAIN(\\s+ANALYZE)?(\\s+PLAN\\s+FOR)?\\s+", Pattern.CASE_INSENSITIVE);

    static ExplainPrefix of(String sql) {
        Matcher matcher = PREFIX.matcher(sql);
        return matcher.find()
                ? new ExplainPrefix(matcher.end(), matcher.group(1) != null)
                : new ExplainPrefix(0, false);
    }

    boolean present() {
        return length > 0;
    }

    /** The statement after the prefix; positions in its errors count from there. */
    String statement(String sql) {
        return sql.substring(length);
    }
}
