package io.aqueduct.core.sql;

import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code COVAR_POP}, {@code COVAR_SAMP}, {@code REGR_SXX} and {@code REGR_SYY} over {@code CAST(argument AS DOUBLE)},
 * and with a {@code FILTER (WHERE c)} turned into arguments {@code CASE WHEN c THEN argument END}. Calcite reduces
 * these functions to sums of products ({@code AggregateReduceFunctionsRule}); for the products of the sums it keeps
 * the arguments' type (two DECIMAL(15, 2) sums multiplied at scale 4 overflow the 18 digits a decimal has here at a
 * few hundred thousand rows; in DOUBLE, as PostgreSQL and DuckDB compute them, they do not), and it drops the
 * call's FILTER. The functions skip rows where either argument is NULL, so the masked arguments are the filter.
 */
final class CovarianceCalls extends SqlShuttle {
    /** By name: the parser leaves function calls unresolved, of kind OTHER_FUNCTION. */
    private static final Set<String> NAMES = Set.of("COVAR_POP", "COVAR_SAMP", "REGR_SXX", "REGR_SYY");

    private CovarianceCalls() {}

    /** {@code parsed} with its covariance calls rewritten; itself when {@code sql} names none. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        String lower = sql.toLowerCase(Locale.ROOT);
        if (!lower.contains("covar_") && !lower.contains("regr_s")) {
            return parsed;
        }
        return parsed.accept(new CovarianceCalls());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (!(visited instanceof SqlCall visitedCall)) {
            return visited;
        }
        if (isCovariance(visitedCall)) {
            for (int i = 0; i < visitedCall.operandCount(); i++) {
                SqlNode operand = visitedCall.operand(i);
                visitedCall.setOperand(i, SqlTrees.asDouble(operand.getParserPosition(), operand));
            }
            return visitedCall;
        }
        if (visitedCall.getKind() == SqlKind.FILTER
                && visitedCall.operand(0) instanceof SqlCall filtered
                && isCovariance(filtered)) {
            SqlNode condition = visitedCall.operand(1);
            for (int i = 0; i < filtered.operandCount(); i++) {
                filtered.setOperand(i, SqlTrees.when(SqlTrees.copy(condition), filtered.operand(i)));
            }
            return filtered;
        }
        return visitedCall;
    }

    private static boolean isCovariance(SqlCall call) {
        return NAMES.contains(call.getOperator().getName().toUpperCase(Locale.ROOT));
    }
}
