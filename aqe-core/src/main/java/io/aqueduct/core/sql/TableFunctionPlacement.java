package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * {@code generate_series} returns rows, not a value: called in a SELECT list or a condition
 * ({@code SELECT generate_series(1, 3)}, which PostgreSQL runs as a set-returning function) it fails with 0A000 saying
 * where it goes; Calcite would report a column that is not found.
 */
final class TableFunctionPlacement extends SqlBasicVisitor<Void> {
    private static final String NAME = "generate_series";

    private TableFunctionPlacement() {}

    /** Checks {@code parsed}, the statement {@code sql}. */
    static void check(String sql, SqlNode parsed) {
        if (sql.toLowerCase(Locale.ROOT).contains(NAME)) {
            parsed.accept(new TableFunctionPlacement());
        }
    }

    @Override
    public Void visit(SqlCall call) {
        for (SqlNode operand : call.getOperandList()) {
            if (operand instanceof SqlCall inner
                    && isSeries(inner)
                    && call.getOperator() != SqlStdOperatorTable.COLLECTION_TABLE) {
                throw misplaced();
            }
        }
        return super.visit(call);
    }

    /** A list (a SELECT list, GROUP BY, ORDER BY) holds values, never a table. */
    @Override
    public Void visit(SqlNodeList list) {
        for (SqlNode item : list) {
            if (item instanceof SqlCall call && isSeries(call)) {
                throw misplaced();
            }
        }
        return super.visit(list);
    }

    private static boolean isSeries(SqlCall call) {
        return call.getOperator().getName().equalsIgnoreCase(NAME);
    }

    private static AqueductException misplaced() {
        return new AqueductException(
                ErrorCode.NOT_SUPPORTED,
                "GENERATE_SERIES returns rows: call it in FROM, as in SELECT x FROM generate_series(1, 3) AS t(x)");
    }
}
