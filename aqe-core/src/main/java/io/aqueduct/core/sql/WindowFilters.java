package io.aqueduct.core.sql;

import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code agg(x) FILTER (WHERE c) OVER w} as {@code agg(CASE WHEN c THEN x END) OVER w} ({@code COUNT(*)} counting
 * {@code CASE WHEN c THEN 1 END}), as PostgreSQL computes it: the aggregates skip NULL arguments, so the masked
 * arguments are the filter. Calcite's validator refused the FILTER ("OVER must be applied to aggregate function").
 */
final class WindowFilters extends SqlShuttle {
    private WindowFilters() {}

    /** {@code parsed} with its filtered window aggregates rewritten; itself when {@code sql} has no FILTER. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        if (!sql.toLowerCase(Locale.ROOT).contains("filter")) {
            return parsed;
        }
        return parsed.accept(new WindowFilters());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (visited instanceof SqlCall over
                && over.getKind() == SqlKind.OVER
                && over.operand(0) instanceof SqlCall filter
                && filter.getKind() == SqlKind.FILTER
                && filter.operand(0) instanceof SqlCall aggregate) {
            SqlNode condition = filter.operand(1);
            for (int i = 0; i < aggregate.operandCount(); i++) {
                SqlNode argument = aggregate.operand(i);
                SqlNode value = argument instanceof SqlIdentifier identifier && identifier.isStar()
                        ? SqlLiteral.createExactNumeric("1", argument.getParserPosition())
                        : argument;
                aggregate.setOperand(i, SqlTrees.when(SqlTrees.copy(condition), value));
            }
            over.setOperand(0, aggregate);
        }
        return visited;
    }
}
