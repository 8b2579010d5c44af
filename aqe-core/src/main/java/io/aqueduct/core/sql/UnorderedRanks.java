package io.aqueduct.core.sql;

import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code RANK()}, {@code DENSE_RANK()}, {@code PERCENT_RANK()} and {@code CUME_DIST()} over a window without ORDER BY,
 * where every row of a partition is a peer of every other: 1, 1, 0 and 1 for every row, as PostgreSQL and DuckDB
 * answer. Calcite's validator refused them ("RANK or DENSE_RANK functions require ORDER BY").
 */
final class UnorderedRanks extends SqlShuttle {
    /** Each function's value for a row that is a peer of all others. */
    private static final Map<String, SqlTypeName> TYPES = Map.of(
            "RANK", SqlTypeName.BIGINT,
            "DENSE_RANK", SqlTypeName.BIGINT,
            "PERCENT_RANK", SqlTypeName.DOUBLE,
            "CUME_DIST", SqlTypeName.DOUBLE);

    private UnorderedRanks() {}

    /** {@code parsed} with its unordered ranks replaced; itself when {@code sql} names none. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        String lower = sql.toLowerCase(Locale.ROOT);
        if (!lower.contains("rank") && !lower.contains("cume_dist")) {
            return parsed;
        }
        return parsed.accept(new UnorderedRanks());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (visited instanceof SqlCall over
                && over.getKind() == SqlKind.OVER
                && over.operand(0) instanceof SqlCall function
                && function.operandCount() == 0
                && over.operand(1) instanceof SqlWindow window
                && window.getRefName() == null
                && window.getOrderList().isEmpty()) {
            String name = function.getOperator().getName().toUpperCase(Locale.ROOT);
            SqlTypeName type = TYPES.get(name);
            if (type != null) {
                SqlParserPos pos = over.getParserPosition();
                String value = name.equals("PERCENT_RANK") ? "0" : "1";
                return SqlTrees.cast(pos, SqlLiteral.createExactNumeric(value, pos), type);
            }
        }
        return visited;
    }
}
