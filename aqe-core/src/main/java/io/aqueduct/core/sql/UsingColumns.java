package io.aqueduct.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * The columns a {@code JOIN ... USING (k)} joins on, named without a table in the WHERE clause: {@code SELECT k FROM a
 * JOIN b USING (k) WHERE k > 1}. Calcite expands such a name in the select list and GROUP BY (to {@code COALESCE(a.k,
 * b.k)}, the one column the join has) but not in WHERE, where it failed as ambiguous; PostgreSQL and DuckDB take it.
 */
final class UsingColumns {
    private UsingColumns() {}

    /**
     * {@code condition} with each unqualified name of a USING column of {@code select}'s joins replaced by what
     * {@code expansion} makes of it (Calcite's expansion of the select list, which may alias it: the alias is dropped).
     */
    static SqlNode expandedIn(SqlNode condition, SqlSelect select, UnaryOperator<SqlNode> expansion) {
        List<String> names = new ArrayList<>();
        collect(select.getFrom(), names);
        if (names.isEmpty()) {
            return condition;
        }
        return condition.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlIdentifier identifier) {
                if (!identifier.isSimple() || !names.contains(identifier.getSimple())) {
                    return identifier;
                }
                SqlNode expanded = expansion.apply(identifier);
                return expanded.getKind() == SqlKind.AS ? ((SqlCall) expanded).operand(0) : expanded;
            }

            @Override
            public SqlNode visit(SqlCall call) {
                // A subquery's names resolve in its own FROM first.
                return call instanceof SqlSelect ? call : super.visit(call);
            }
        });
    }

    /** The USING columns of the left-deep joins in {@code from}. */
    private static void collect(SqlNode from, List<String> names) {
        if (!(from instanceof SqlJoin join)) {
            return;
        }
        if (join.getConditionType() == JoinConditionType.USING && join.getCondition() instanceof SqlNodeList using) {
            for (SqlNode column : using) {
                names.add(((SqlIdentifier) column).getSimple());
            }
        }
        collect(join.getLeft(), names);
    }
}
