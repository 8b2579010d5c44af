package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;

/**
 * Refuses, with 0A000, a subquery nested in a subquery of a grouped query and correlated to the grouped query's GROUP BY
 * column ({@code SELECT k, (SELECT max(x) FROM t2 WHERE t2.k = t.k AND x > (SELECT min(y) FROM t3 WHERE t3.k = t.k))
 * FROM t GROUP BY k}). Calcite's converter binds the inner correlation to the rows before the GROUP BY, so the
 * correlation needs a column of the grouped rows that they do not have, and the decorrelator fails with an
 * ArrayIndexOutOfBoundsException. The same query over a derived table that does the grouping runs.
 */
final class GroupedCorrelations {
    private GroupedCorrelations() {}

    /** Throws NOT_SUPPORTED if a correlation of {@code root} requires a column its outer rows lack. */
    static void check(RelNode root) {
        if (root instanceof Correlate correlate
                && correlate.getRequiredColumns().length()
                        > correlate.getLeft().getRowType().getFieldCount()) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    "A subquery correlated to a GROUP BY column from within another subquery is not supported: group"
                            + " in a derived table first (... FROM (SELECT k FROM t GROUP BY k) g) and correlate to"
                            + " its columns");
        }
        root.getInputs().forEach(GroupedCorrelations::check);
    }
}
