package io.aqueduct.core.sql;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSetOption;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * Statements that change or show the session instead of reading data: {@code SET name = value} and
 * {@code RESET name | ALL} (parsed by Calcite as {@code SqlSetOption}), and {@code SHOW SETTINGS}.
 */
public sealed interface SessionStatement {
    /** {@code SET name = value}. */
    record Set(String name, String value) implements SessionStatement {}

    /** {@code RESET name}; {@code name} is empty for {@code RESET ALL}. */
    record Reset(Optional<String> name) implements SessionStatement {}

    /** {@code SHOW SETTINGS}. */
    record ShowSettings() implements SessionStatement {}

    Pattern SET_OR_RESET = Pattern.compile("^\\s*(SET|RESET|ALTER\\s+SESSION)\\s", Pattern.CASE_INSENSITIVE);
    Pattern SHOW_SETTINGS = Pattern.compile("^\\s*SHOW\\s+SETTINGS\\s*;?\\s*$", Pattern.CASE_INSENSITIVE);

    /** The session statement {@code sql} is, if it is one; a malformed SET is a syntax error. */
    static Optional<SessionStatement> parse(String sql) {
        if (SHOW_SETTINGS.matcher(sql).find()) {
            return Optional.of(new ShowSettings());
        }
        if (!SET_OR_RESET.matcher(sql).find()) {
            return Optional.empty();
        }
        SqlNode node;
        try {
            node = SqlParser.create(sql, QueryCompiler.PARSER_CONFIG).parseStmt();
        } catch (SqlParseException e) {
            throw SqlErrors.syntaxError(e);
        }
        SqlSetOption option = (SqlSetOption) node;
        String name = option.getName().toString().toLowerCase(Locale.ROOT);
        if (option.getValue() == null) {
            return Optional.of(new Reset(name.equals("all") ? Optional.empty() : Optional.of(name)));
        }
        return Optional.of(new Set(name, valueText(option.getValue())));
    }

    private static String valueText(SqlNode value) {
        if (value instanceof SqlLiteral literal) {
            return literal.toValue();
        }
        if (value instanceof SqlIdentifier identifier) {
            return identifier.toString();
        }
        return value.toString();
    }
}
