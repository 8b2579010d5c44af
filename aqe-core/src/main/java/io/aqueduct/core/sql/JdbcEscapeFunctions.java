package io.aqueduct.core.sql;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJdbcFunctionCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Makes JDBC escape functions ({@code {fn UCASE(name)}}, {@code {fn NOW()}}, ...) callable. The parser folds their
 * names to lower case, as it folds every unquoted name, while Calcite's table of escape functions is keyed by upper-case
 * names: every escape failed as undefined. This shuttle names each escape call again in upper case; Calcite then maps
 * it to the standard function it stands for, or, for a name one of {@link FunctionAliases} has ({@code DAYNAME},
 * {@code MONTHNAME}, {@code SPACE}), to that alias.
 */
final class JdbcEscapeFunctions extends SqlShuttle {
    private static final String PREFIX = "{fn ";

    /** Escape functions named as one of {@link FunctionAliases}, which stands for them. */
    private static final Set<String> ALIASED = FunctionAliases.ALL.stream()
            .map(alias -> alias.getName().toUpperCase(Locale.ROOT))
            .collect(Collectors.toUnmodifiableSet());

    private JdbcEscapeFunctions() {}

    /** {@code parsed} with its escape functions named in upper case; itself when {@code sql} has no escape. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        if (!sql.toLowerCase(Locale.ROOT).contains("{fn")) {
            return parsed;
        }
        return parsed.accept(new JdbcEscapeFunctions());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (!(visited instanceof SqlCall escape) || !(escape.getOperator() instanceof SqlJdbcFunctionCall function)) {
            return visited;
        }
        // The operator's name is "{fn name}"; a new operator is needed, since it looks its function up when created.
        String name = function.getName();
        String jdbcName = name.substring(PREFIX.length(), name.length() - 1).toUpperCase(Locale.ROOT);
        if (ALIASED.contains(jdbcName)) {
            // Calcite maps these to library functions the engine does not run; the alias of the same name it does.
            return new SqlUnresolvedFunction(
                            new SqlIdentifier(jdbcName, escape.getParserPosition()),
                            null,
                            null,
                            null,
                            null,
                            SqlFunctionCategory.USER_DEFINED_FUNCTION)
                    .createCall(escape.getParserPosition(), escape.getOperandList());
        }
        return new SqlJdbcFunctionCall(jdbcName)
                .createCall(
                        escape.getFunctionQuantifier(),
                        escape.getParserPosition(),
                        escape.getOperandList().toArray(SqlNode[]::new));
    }
}
