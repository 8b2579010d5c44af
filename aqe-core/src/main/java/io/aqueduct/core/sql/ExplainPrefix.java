package io.aqueduct.core.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The front step that recognizes {@code EXPLAIN [ANALYZE [VERBOSE]] [FORMAT {TEXT | JSON}] query}
 * (and Calcite's own {@code EXPLAIN PLAN FOR query}) ahead of Calcite's parser, which has neither
 * plain EXPLAIN nor ANALYZE; the query itself is parsed by Calcite.
 */
record ExplainPrefix(int length, boolean analyze, boolean verbose, boolean json) {
    private static final Pattern PREFIX = Pattern.compile(
            "^\\s*EXPLAIN(\\s+ANALYZE(\\s+VERBOSE)?)?(\\s+FORMAT\\s+(TEXT|JSON))?(\\s+PLAN\\s+FOR)?\\s+",
            Pattern.CASE_INSENSITIVE);

    static ExplainPrefix of(String sql) {
        Matcher matcher = PREFIX.matcher(sql);
        return matcher.find()
                ? new ExplainPrefix(
                        matcher.end(),
                        matcher.group(1) != null,
                        matcher.group(2) != null,
                        "JSON".equalsIgnoreCase(matcher.group(4)))
                : new ExplainPrefix(0, false, false, false);
    }

    boolean present() {
        return length > 0;
    }

    /** The statement after the prefix; positions in its errors count from there. */
    String statement(String sql) {
        return sql.substring(length);
    }
}
