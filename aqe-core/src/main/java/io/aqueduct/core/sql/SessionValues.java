package io.aqueduct.core.sql;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DataType;
import java.util.Optional;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * What a statement's session functions read: {@code CURRENT_USER} (and {@code USER}, {@code SESSION_USER}, {@code
 * SYSTEM_USER}, JDBC's {@code {fn USER()}}) the connection's user, {@code CURRENT_CATALOG} ({@code {fn DATABASE()}})
 * and {@code CURRENT_SCHEMA} its default catalog and schema, {@code VERSION()} the server's version. Planted into the plan as literals per execution, as
 * {@link StatementTime} is.
 *
 * @param user the authenticated user, else the one the connection named; empty when it named none
 * @param version what {@code VERSION()} reads (PostgreSQL's and DuckDB's function): the server's name and version
 */
public record SessionValues(String user, String catalog, String schema, String version) {
    /** For plans made without a session, such as the check at prepare time. */
    public static final SessionValues NONE = new SessionValues("", "", "", "");

    /** {@code VERSION()}: the server's name and version. */
    static final SqlFunction VERSION = new SqlFunction(
            "VERSION",
            SqlKind.OTHER_FUNCTION,
            ReturnTypes.VARCHAR,
            null,
            OperandTypes.NILADIC,
            SqlFunctionCategory.SYSTEM);

    public SessionValues {
        requireNonNull(user, "user is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(schema, "schema is null");
        requireNonNull(version, "version is null");
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
        } else if (operator == VERSION) {
            value = version;
        } else {
            return Optional.empty();
        }
        return Optional.of(new Literal(value, DataType.VARCHAR));
    }
}
