package io.aqueduct.core.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The front step that recognizes {@code EXPLAIN query} (and Calcite's own {@code EXPLAIN PLAN FOR
 * query}) ahead of Calcite's parser, which has no plain EXPLAIN; the query itself is parsed by Calcite.
 */
record ExplainPrefix(int length) {
    private static final Pattern PREFIX =
            Pattern.compile("^\\s*EXPLAIN(\\s+PLAN\\s+FOR)?\\s+", Pattern.CASE_INSENSITIVE);

    static ExplainPrefix of(String sql) {
        Matcher matcher = PREFIX.matcher(sql);
        return new ExplainPrefix(matcher.find() ? matcher.end() : 0);
    }

    boolean present() {
        return length > 0;
    }

    /** The statement after the prefix; positions in its errors count from there. */
    String statement(String sql) {
        return sql.substring(length);
    }
}
