package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * PostgreSQL's ordered-set form {@code mode() WITHIN GROUP (ORDER BY x)} as {@code MODE(x)}, which Calcite knows only
 * with its argument. Both answer the smallest of equally frequent values; PostgreSQL's {@code ORDER BY x DESC} would
 * answer the largest, which is not supported.
 */
final class ModeCalls extends SqlShuttle {
    private ModeCalls() {}

    /** {@code parsed} with its ordered-set modes rewritten; itself when {@code sql} names none. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        if (!sql.toLowerCase(Locale.ROOT).contains("mode")) {
            return parsed;
        }
        return parsed.accept(new ModeCalls());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (!(visited instanceof SqlCall withinGroup)
                || withinGroup.getKind() != SqlKind.WITHIN_GROUP
                || !(withinGroup.operand(0) instanceof SqlCall mode)
                || !mode.getOperator().getName().equalsIgnoreCase("MODE")
                || mode.operandCount() != 0
                || !(withinGroup.operand(1) instanceof SqlNodeList order)
                || order.size() != 1) {
            return visited;
        }
        SqlNode key = order.get(0);
        while (key instanceof SqlCall wrapper
                && (wrapper.getKind() == SqlKind.NULLS_FIRST || wrapper.getKind() == SqlKind.NULLS_LAST)) {
            // NULLs take no part in a mode, so where they sort does not matter.
            key = wrapper.operand(0);
        }
        if (key.getKind() == SqlKind.DESCENDING) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    "mode() WITHIN GROUP (ORDER BY x DESC) is not supported; mode() answers the smallest of equally"
                            + " frequent values, as with ORDER BY x");
        }
        return SqlStdOperatorTable.MODE.createCall(withinGroup.getParserPosition(), key);
    }
}
