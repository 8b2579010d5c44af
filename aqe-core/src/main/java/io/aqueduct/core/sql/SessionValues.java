package io.aqueduct.core.sql;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DataType;
import java.util.Optional;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * What a statement's session functions read: {@code CURRENT_USER} (and {@code USER}, {@code SESSION_USER}, {@code
 * SYSTEM_USER}, JDBC's {@code {fn USER()}}) the connection's user, {@code CURRENT_CATALOG} ({@code {fn DATABASE()}})
 * and {@code CURRENT_SCHEMA} its default catalog and schema. Planted into the plan as literals per execution, as
 * {@link StatementTime} is.
 *
 * @param user the authenticated user, else the one the connection named; empty when it named none
 */
public record SessionValues(String user, String catalog, String schema) {
    /** For plans made without a session, such as the check at prepare time. */
    public static final SessionValues NONE = new SessionValues("", "", "");

    public SessionValues {
        requireNonNull(user, "user is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(schema, "schema is null");
    }

    /** The value of {@code operator} if it is a session function. */
    Optional<Literal> value(SqlOperator operator) {
        String value;
        if (operator == SqlStdOperatorTable.USER
                || operator == SqlStdOperatorTable.CURRENT_USER
                || operator == SqlStdOperatorTable.SESSION_USER
                || operator == SqlStdOperatorTable.SYSTEM_USER) {
            value = user;
        } else if (operator == SqlStdOperatorTable.CURRENT_CATALOG) {
            value = catalog;
        } else if (operator == SqlStdOperatorTable.CURRENT_SCHEMA) {
            value = schema;
        } else {
            return Optional.empty();
        }
        return Optional.of(new Literal(value, DataType.VARCHAR));
    }
}
