package io.aqueduct.core.sql;

import java.math.BigDecimal;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x [DESC])} as the engine runs it: over {@code CAST(x AS DOUBLE)},
 * ascending ({@code DESC} becomes the fraction {@code 1 - p}). The cast makes the result DOUBLE, as in PostgreSQL and
 * for integers in DuckDB; Calcite would type it as {@code x}, so the median of the integers 1 and 2 would be an integer.
 * {@code MEDIAN(x)} ({@link FunctionAliases}) is built in this form directly.
 */
final class PercentileCalls extends SqlShuttle {
    private PercentileCalls() {}

    /** {@code parsed} with its continuous percentiles rewritten; itself when {@code sql} names none. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        if (!sql.toLowerCase(Locale.ROOT).contains("percentile_cont")) {
            return parsed;
        }
        return parsed.accept(new PercentileCalls());
    }

    /** The continuous percentile {@code fraction} of {@code value} in ascending order, typed DOUBLE. */
    static SqlCall continuous(SqlParserPos pos, BigDecimal fraction, SqlNode value) {
        SqlCall percentile = SqlStdOperatorTable.PERCENTILE_CONT.createCall(
                pos, SqlLiteral.createExactNumeric(fraction.toPlainString(), pos));
        return SqlStdOperatorTable.WITHIN_GROUP.createCall(
                pos, percentile, SqlNodeList.of(SqlTrees.asDouble(pos, value)));
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (!(visited instanceof SqlCall withinGroup)
                || withinGroup.getKind() != SqlKind.WITHIN_GROUP
                || !(withinGroup.operand(0) instanceof SqlCall percentile)
                || percentile.getKind() != SqlKind.PERCENTILE_CONT
                || percentile.operandCount() != 1
                || !(percentile.operand(0) instanceof SqlNumericLiteral fraction)
                || !(withinGroup.operand(1) instanceof SqlNodeList order)
                || order.size() != 1) {
            // Anything else is left to the validator's own messages.
            return visited;
        }
        SqlNode key = order.get(0);
        boolean descending = false;
        while (key instanceof SqlCall wrapper
                && (wrapper.getKind() == SqlKind.DESCENDING
                        || wrapper.getKind() == SqlKind.NULLS_FIRST
                        || wrapper.getKind() == SqlKind.NULLS_LAST)) {
            // NULLs take no part in a percentile, so where they sort does not matter.
            descending |= wrapper.getKind() == SqlKind.DESCENDING;
            key = wrapper.operand(0);
        }
        BigDecimal p = fraction.getValueAs(BigDecimal.class);
        return continuous(withinGroup.getParserPosition(), descending ? BigDecimal.ONE.subtract(p) : p, key);
    }
}
