package io.aqueduct.core.sql;

import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * A bare {@code NULL} argument of a numeric aggregate ({@code SUM(NULL)}, {@code AVG(NULL)}, {@code STDDEV(NULL)},
 * {@code BIT_AND(NULL)}, ..., as an aggregate or a window function, and of {@code MODE}) becomes {@code CAST(NULL AS INTEGER)}: Calcite
 * types such a call NULL, or reduces it to sums of NULL-typed values that no numeric kernel takes, where DuckDB and
 * Trino answer NULL. Typed, the call sums no rows and answers NULL through the ordinary accumulators.
 */
final class NullAggregateArguments extends SqlShuttle {
    /** Aggregates without a kernel for NULL-typed values, by name: the parser leaves their calls unresolved. */
    private static final Set<String> TYPED_AGGREGATES = Set.of(
            "SUM",
            "AVG",
            "STDDEV",
            "STDDEV_POP",
            "STDDEV_SAMP",
            "VARIANCE",
            "VAR_POP",
            "VAR_SAMP",
            "BIT_AND",
            "BIT_OR",
            "BIT_XOR",
            "MODE");

    private NullAggregateArguments() {}

    /** {@code parsed} with the NULL arguments of its numeric aggregates typed; itself when {@code sql} has no NULL. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        if (!sql.toLowerCase(Locale.ROOT).contains("null")) {
            return parsed;
        }
        return parsed.accept(new NullAggregateArguments());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (visited instanceof SqlCall visitedCall
                && TYPED_AGGREGATES.contains(visitedCall.getOperator().getName().toUpperCase(Locale.ROOT))) {
            for (int i = 0; i < visitedCall.operandCount(); i++) {
                if (isNullLiteral(visitedCall.operand(i))) {
                    SqlParserPos pos = visitedCall.operand(i).getParserPosition();
                    visitedCall.setOperand(i, asInteger(pos, SqlLiteral.createNull(pos)));
                }
            }
        }
        return visited;
    }

    private static boolean isNullLiteral(SqlNode node) {
        return node instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.NULL;
    }

    private static SqlNode asInteger(SqlParserPos pos, SqlNode value) {
        return SqlStdOperatorTable.CAST.createCall(
                pos, value, new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.INTEGER, pos), pos));
    }
}
