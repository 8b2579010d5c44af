package io.aqueduct.core.sql;

import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code STDDEV_SAMP}, {@code STDDEV}, {@code STDDEV_POP}, {@code VAR_SAMP} and {@code VARIANCE} over a window, written
 * as the window sums they are: with {@code d = SUM(x * x) - SUM(x) * SUM(x) / COUNT(x)} (at least 0, as Calcite's
 * reduction of the plain aggregates keeps it), the sample variance is {@code d / (COUNT(x) - 1)}, NULL for fewer than
 * two values, the population variance {@code d / COUNT(x)}, the deviations their square roots, all in DOUBLE. Calcite's
 * own expansion of the windowed sample variance builds a CASE it cannot convert, and the call failed with 0A000.
 */
final class WindowedVariances extends SqlShuttle {
    private static final Set<String> SAMPLE = Set.of("STDDEV_SAMP", "STDDEV", "VAR_SAMP", "VARIANCE");
    private static final Set<String> ROOTS = Set.of("STDDEV_SAMP", "STDDEV", "STDDEV_POP");
    private static final Set<String> NAMES = Set.of("STDDEV_SAMP", "STDDEV", "STDDEV_POP", "VAR_SAMP", "VARIANCE");

    private WindowedVariances() {}

    /** {@code parsed} with its windowed variances and deviations rewritten; itself when {@code sql} names none. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        String lower = sql.toLowerCase(Locale.ROOT);
        if (!lower.contains("over") || (!lower.contains("stddev") && !lower.contains("var"))) {
            return parsed;
        }
        return parsed.accept(new WindowedVariances());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (!(visited instanceof SqlCall over)
                || over.getKind() != SqlKind.OVER
                || !(over.operand(0) instanceof SqlCall aggregate)
                || aggregate.getFunctionQuantifier() != null
                || aggregate.operandCount() != 1) {
            return visited;
        }
        String name = aggregate.getOperator().getName().toUpperCase(Locale.ROOT);
        if (!NAMES.contains(name)) {
            return visited;
        }
        return expanded(name, aggregate.operand(0), over.operand(1), over.getParserPosition());
    }

    private static SqlNode expanded(String name, SqlNode value, SqlNode window, SqlParserPos pos) {
        Windowed windowed = new Windowed(value, window, pos);
        SqlNode deviations = SqlStdOperatorTable.MINUS.createCall(
                pos,
                windowed.sum(SqlStdOperatorTable.MULTIPLY.createCall(pos, windowed.value(), windowed.value())),
                SqlStdOperatorTable.DIVIDE.createCall(
                        pos,
                        SqlStdOperatorTable.MULTIPLY.createCall(
                                pos, windowed.sum(windowed.value()), windowed.sum(windowed.value())),
                        windowed.count()));
        SqlNode atLeastZero = new SqlCase(
                pos,
                null,
                SqlNodeList.of(SqlStdOperatorTable.LESS_THAN.createCall(pos, deviations, zero(pos))),
                SqlNodeList.of(zero(pos)),
                SqlTrees.copy(deviations));
        boolean sample = SAMPLE.contains(name);
        SqlNode divisor = sample
                ? SqlStdOperatorTable.MINUS.createCall(pos, windowed.count(), SqlLiteral.createExactNumeric("1", pos))
                : windowed.count();
        SqlNode variance = SqlTrees.when(
                SqlStdOperatorTable.GREATER_THAN.createCall(
                        pos, windowed.count(), SqlLiteral.createExactNumeric(sample ? "1" : "0", pos)),
                SqlStdOperatorTable.DIVIDE.createCall(pos, atLeastZero, divisor));
        return ROOTS.contains(name) ? SqlStdOperatorTable.SQRT.createCall(pos, variance) : variance;
    }

    private static SqlNode zero(SqlParserPos pos) {
        return SqlLiteral.createApproxNumeric("0", pos);
    }

    /** Window aggregates of one value over one window, each over copies of both. */
    private record Windowed(SqlNode rawValue, SqlNode window, SqlParserPos pos) {
        SqlNode value() {
            return SqlTrees.asDouble(pos, SqlTrees.copy(rawValue));
        }

        SqlNode sum(SqlNode argument) {
            return over(SqlStdOperatorTable.SUM, argument);
        }

        SqlNode count() {
            return over(SqlStdOperatorTable.COUNT, value());
        }

        private SqlNode over(SqlOperator aggregate, SqlNode argument) {
            return SqlStdOperatorTable.OVER.createCall(pos, aggregate.createCall(pos, argument), SqlTrees.copy(window));
        }
    }
}
