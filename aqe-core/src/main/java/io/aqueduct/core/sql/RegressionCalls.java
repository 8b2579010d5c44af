package io.aqueduct.core.sql;

import java.util.List;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The standard's linear regression aggregates of {@code (y, x)} as aggregates the engine computes, in DOUBLE, over
 * the rows where neither is NULL (each argument masked by the other's presence), with PostgreSQL's answers where the
 * regression is undefined: {@code REGR_SLOPE} is {@code COVAR_POP(y, x) / VAR_POP(x)}, NULL when x does not vary;
 * {@code REGR_INTERCEPT} is {@code AVG(y) - slope * AVG(x)}; {@code REGR_R2} is the squared correlation, NULL when x
 * does not vary and 1 when only y does not; {@code REGR_AVGX}, {@code REGR_AVGY} the averages; {@code REGR_SXY} is
 * {@code REGR_COUNT(y, x) * COVAR_POP(y, x)}.
 */
final class RegressionCalls {
    private RegressionCalls() {}

    static SqlNode slope(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.DIVIDE.createCall(
                pos,
                covariance(pos, operands),
                SqlTrees.when(
                        SqlStdOperatorTable.NOT_EQUALS.createCall(pos, varianceOfX(pos, operands), zero(pos)),
                        varianceOfX(pos, operands)));
    }

    static SqlNode intercept(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.MINUS.createCall(
                pos,
                averageOfY(pos, operands),
                SqlStdOperatorTable.MULTIPLY.createCall(pos, slope(pos, operands), averageOfX(pos, operands)));
    }

    static SqlNode determination(SqlParserPos pos, List<SqlNode> operands) {
        SqlNode products =
                SqlStdOperatorTable.MULTIPLY.createCall(pos, varianceOfX(pos, operands), varianceOfY(pos, operands));
        SqlNode squaredCovariance =
                SqlStdOperatorTable.MULTIPLY.createCall(pos, covariance(pos, operands), covariance(pos, operands));
        return new SqlCase(
                pos,
                null,
                SqlNodeList.of(
                        SqlStdOperatorTable.EQUALS.createCall(pos, varianceOfX(pos, operands), zero(pos)),
                        SqlStdOperatorTable.EQUALS.createCall(pos, varianceOfY(pos, operands), zero(pos))),
                SqlNodeList.of(SqlLiteral.createNull(pos), SqlLiteral.createApproxNumeric("1", pos)),
                SqlStdOperatorTable.DIVIDE.createCall(pos, squaredCovariance, products));
    }

    static SqlNode averageOfX(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.AVG.createCall(pos, x(pos, operands));
    }

    static SqlNode averageOfY(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.AVG.createCall(pos, y(pos, operands));
    }

    static SqlNode sumOfProducts(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.MULTIPLY.createCall(
                pos,
                SqlStdOperatorTable.REGR_COUNT.createCall(
                        pos, SqlTrees.copy(operands.get(0)), SqlTrees.copy(operands.get(1))),
                covariance(pos, operands));
    }

    private static SqlNode covariance(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.COVAR_POP.createCall(
                pos,
                SqlTrees.asDouble(pos, SqlTrees.copy(operands.get(0))),
                SqlTrees.asDouble(pos, SqlTrees.copy(operands.get(1))));
    }

    private static SqlNode varianceOfX(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.VAR_POP.createCall(pos, x(pos, operands));
    }

    private static SqlNode varianceOfY(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.VAR_POP.createCall(pos, y(pos, operands));
    }

    /** x where y is present, as DOUBLE. */
    private static SqlNode x(SqlParserPos pos, List<SqlNode> operands) {
        return FunctionAliases.whenPresent(pos, operands.get(0), operands.get(1));
    }

    /** y where x is present, as DOUBLE. */
    private static SqlNode y(SqlParserPos pos, List<SqlNode> operands) {
        return FunctionAliases.whenPresent(pos, operands.get(1), operands.get(0));
    }

    private static SqlNode zero(SqlParserPos pos) {
        return SqlLiteral.createApproxNumeric("0", pos);
    }
}
