package io.aqueduct.core.sql;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Resolves a window that refines a named one ({@code OVER (w ROWS 1 PRECEDING)}, {@code WINDOW w2 AS (w1 ORDER BY
 * k)}) into the window it stands for before validation: the named window's PARTITION BY and ORDER BY, the refining
 * window's ORDER BY where the named one has none, and the refining window's frame. Calcite's own resolution
 * ({@code SqlWindow.overlay}) dropped the refining window's frame, so the sum over {@code ROWS 1 PRECEDING} ran over
 * all rows so far, and a reference to a window that refines another lost that one's PARTITION BY. A refinement the
 * standard forbids (its own PARTITION BY, a second ORDER BY, a named window with a frame) is left for the validator
 * to refuse.
 */
final class WindowReferences {
    private WindowReferences() {}

    static SqlNode resolve(SqlNode parsed) {
        parsed.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect select && !select.getWindowList().isEmpty()) {
                    resolveIn(select);
                }
                return super.visit(call);
            }
        });
        return parsed;
    }

    private static void resolveIn(SqlSelect select) {
        Map<String, SqlWindow> named = new HashMap<>();
        for (SqlNode declared : select.getWindowList()) {
            SqlWindow window = (SqlWindow) declared;
            if (window.getDeclName() != null) {
                named.put(window.getDeclName().getSimple(), window);
            }
        }
        for (SqlWindow window : named.values()) {
            resolve(window, named, new HashSet<>());
        }
        SqlBasicVisitor<Void> overCalls = new SqlBasicVisitor<>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect) {
                    return null; // a subquery resolves its own windows
                }
                if (call.getKind() == SqlKind.OVER && call.operand(1) instanceof SqlWindow window) {
                    resolve(window, named, new HashSet<>());
                }
                return super.visit(call);
            }
        };
        for (SqlNode list : new SqlNode[] {select.getSelectList(), select.getOrderList(), select.getQualify()}) {
            if (list != null) {
                list.accept(overCalls);
            }
        }
    }

    /** Resolves {@code window}'s reference, and first that of the window it names; {@code resolving} breaks cycles. */
    private static void resolve(SqlWindow window, Map<String, SqlWindow> named, Set<String> resolving) {
        if (window.getRefName() == null) {
            return;
        }
        SqlWindow base = named.get(window.getRefName().getSimple());
        if (base == null || !resolving.add(window.getRefName().getSimple())) {
            return;
        }
        resolve(base, named, resolving);
        boolean refinable = base.getRefName() == null
                && window.getPartitionList().isEmpty()
                && (base.getOrderList().isEmpty() || window.getOrderList().isEmpty())
                && base.getLowerBound() == null
                && base.getUpperBound() == null;
        if (!refinable) {
            return;
        }
        window.setOperand(1, null);
        window.setPartitionList(copy(base.getPartitionList()));
        if (window.getOrderList().isEmpty()) {
            window.setOrderList(copy(base.getOrderList()));
        }
    }

    private static SqlNodeList copy(SqlNodeList list) {
        SqlNodeList copy = new SqlNodeList(list.getParserPosition());
        for (SqlNode node : list) {
            copy.add(SqlTrees.copy(node.clone(node.getParserPosition())));
        }
        return copy;
    }
}
