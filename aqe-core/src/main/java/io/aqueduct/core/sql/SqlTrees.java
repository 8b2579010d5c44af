package io.aqueduct.core.sql;

import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/** Helpers for rewriting parse trees. */
final class SqlTrees {
    private SqlTrees() {}

    /**
     * A copy of every call in {@code node}, for a rewrite that uses an expression twice: the validator rewrites calls
     * in place (it expands identifiers, for one), so no call may appear in two places of a tree.
     */
    static SqlNode copy(SqlNode node) {
        return node.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlCall call) {
                CallCopyingArgHandler copying = new CallCopyingArgHandler(call, true);
                call.getOperator().acceptCall(this, call, false, copying);
                return copying.result();
            }
        });
    }

    /** {@code CASE WHEN condition THEN value END}. */
    static SqlNode when(SqlNode condition, SqlNode value) {
        SqlParserPos pos = value.getParserPosition();
        return new SqlCase(pos, null, SqlNodeList.of(condition), SqlNodeList.of(value), SqlLiteral.createNull(pos));
    }

    /** {@code CAST(value AS DOUBLE)}. */
    static SqlNode asDouble(SqlParserPos pos, SqlNode value) {
        return cast(pos, value, SqlTypeName.DOUBLE);
    }

    /** {@code CAST(value AS type)}. */
    static SqlNode cast(SqlParserPos pos, SqlNode value, SqlTypeName type) {
        return SqlStdOperatorTable.CAST.createCall(
                pos, value, new SqlDataTypeSpec(new SqlBasicTypeNameSpec(type, pos), pos));
    }
}
