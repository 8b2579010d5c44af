package io.aqueduct.core.sql;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * A selected expression without an alias is named as PostgreSQL names it where it calls a function: {@code count(*)}
 * is {@code count}, {@code upper(name)} {@code upper}, a window function its function's name, and a CAST of a column
 * that column's name; other expressions keep Calcite's {@code EXPR$n}. BI tools and shells show these names as column
 * headers. A name another item of the same list has, or one given before it, takes a number as Calcite's own names
 * do ({@code count}, {@code count0}), so that a subquery's columns stay distinct.
 */
final class ResultColumnNames extends SqlShuttle {
    /** A name that needs no quotes; a JDBC escape's call ({@code {fn UCASE}}) has none. */
    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");

    private ResultColumnNames() {}

    /** {@code parsed} with its selected function calls named. */
    static SqlNode resolve(SqlNode parsed) {
        return parsed.accept(new ResultColumnNames());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (visited instanceof SqlSelect select) {
            name(select.getSelectList());
        }
        return visited;
    }

    private static void name(SqlNodeList items) {
        Set<String> taken = new HashSet<>();
        for (SqlNode item : items) {
            String alias = SqlValidatorUtil.alias(item);
            if (alias != null) {
                taken.add(alias.toLowerCase(Locale.ROOT));
            }
        }
        for (int i = 0; i < items.size(); i++) {
            String name = functionName(items.get(i));
            if (name != null && NAME.matcher(name).matches()) {
                name = SqlValidatorUtil.uniquify(name, taken, SqlValidatorUtil.EXPR_SUGGESTER);
                items.set(
                        i,
                        SqlStdOperatorTable.AS.createCall(
                                items.get(i).getParserPosition(),
                                items.get(i),
                                new SqlIdentifier(name, items.get(i).getParserPosition())));
            }
        }
    }

    /** The name PostgreSQL gives the item, where it is a function's call; null for any other item. */
    private static String functionName(SqlNode item) {
        if (!(item instanceof SqlCall call)) {
            return null;
        }
        if (call.getKind() == SqlKind.OVER) {
            return functionName(call.operand(0));
        }
        if (call.getKind() == SqlKind.CAST && call.operand(0) instanceof SqlIdentifier column) {
            return column.names.get(column.names.size() - 1);
        }
        if (call.getOperator() instanceof SqlFunction function && function.getSyntax() == SqlSyntax.FUNCTION) {
            return function.getName().toLowerCase(Locale.ROOT);
        }
        return null;
    }
}
