package io.aqueduct.core.sql;

import java.math.BigDecimal;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlWith;

/**
 * A statement's maximum row count (JDBC's {@code Statement.setMaxRows}, which DBeaver sets to 200 for every query of
 * its editor) as the query's FETCH, so that the plan reads and sorts only what the client may see: {@code ORDER BY}
 * under it is a top-N rather than a sort of every row. A smaller FETCH of the query's own stays; a FETCH of a
 * parameter ({@code LIMIT ?}) is left alone, the rows sent being cut to the count anyway.
 */
final class MaxRowsLimit {
    private MaxRowsLimit() {}

    /** {@code query} fetching at most {@code maxRows} rows; itself when {@code maxRows} is 0 or less (no limit). */
    static SqlNode apply(SqlNode query, long maxRows) {
        if (maxRows <= 0) {
            return query;
        }
        if (query instanceof SqlWith with) {
            with.setOperand(1, apply(with.body, maxRows));
            return with;
        }
        if (query instanceof SqlOrderBy orderBy) {
            if (orderBy.fetch != null && !(orderBy.fetch instanceof SqlNumericLiteral)) {
                return query;
            }
            if (orderBy.fetch != null && ((SqlNumericLiteral) orderBy.fetch).longValue(true) <= maxRows) {
                return query;
            }
            return new SqlOrderBy(
                    orderBy.getParserPosition(),
                    orderBy.query,
                    orderBy.orderList,
                    orderBy.offset,
                    count(query, maxRows));
        }
        if (query.isA(SqlKind.QUERY)) {
            return new SqlOrderBy(query.getParserPosition(), query, SqlNodeList.EMPTY, null, count(query, maxRows));
        }
        return query;
    }

    private static SqlNode count(SqlNode query, long maxRows) {
        return SqlLiteral.createExactNumeric(BigDecimal.valueOf(maxRows).toPlainString(), query.getParserPosition());
    }
}
