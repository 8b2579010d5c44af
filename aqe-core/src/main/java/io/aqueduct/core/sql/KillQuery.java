package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * {@code KILL QUERY '<query id>'}: cancels a running query. Calcite's grammar has no KILL, so the two
 * keywords are recognized in front and the rest, the query id, is parsed by Calcite as a string
 * literal (quoting and escaping as in any SQL string).
 *
 * @param queryId the id as {@code sys.queries.query_id} names it
 */
public record KillQuery(String queryId) {
    private static final Pattern KILL_QUERY =
            Pattern.compile("^\\s*KILL\\s+QUERY\\b(.*?)\\s*;?\\s*$", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** The KILL QUERY statement {@code sql} is, if it is one; a malformed one is a syntax error. */
    public static Optional<KillQuery> parse(String sql) {
        Matcher matcher = KILL_QUERY.matcher(sql);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        String target = matcher.group(1).trim();
        if (target.isEmpty()) {
            throw malformed();
        }
        SqlNode node;
        try {
            node = SqlParser.create(target, QueryCompiler.PARSER_CONFIG).parseExpression();
        } catch (SqlParseException e) {
            throw SqlErrors.syntaxError(e);
        }
        if (!(node instanceof SqlCharStringLiteral literal)) {
            throw malformed();
        }
        return Optional.of(new KillQuery(literal.getValueAs(String.class)));
    }

    private static AqueductException malformed() {
        return new AqueductException(
                ErrorCode.SYNTAX_ERROR, "KILL QUERY takes the query id as a string: KILL QUERY '<query id>'");
    }
}
