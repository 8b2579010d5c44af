package io.aqueduct.core.sql;

import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * PostgreSQL's {@code TO_DATE(text, template)} and {@code TO_TIMESTAMP(text, template)}, which read text written in a
 * {@code TO_CHAR} template (the template a constant), and {@code TO_TIMESTAMP(seconds)}, the TIMESTAMP that many
 * seconds after 1970-01-01 00:00:00. PostgreSQL's TO_TIMESTAMP gives a TIMESTAMP WITH TIME ZONE; the engine has no
 * zones, so it is the UTC wall-clock value. {@link RexToExpression} runs them.
 */
final class DateTimeParseFunctions {
    static final SqlFunction TO_DATE = new SqlFunction(
            "TO_DATE",
            SqlKind.OTHER_FUNCTION,
            ReturnTypes.DATE_NULLABLE,
            null,
            OperandTypes.STRING_STRING,
            SqlFunctionCategory.TIMEDATE);

    static final SqlFunction TO_TIMESTAMP = new SqlFunction(
            "TO_TIMESTAMP",
            SqlKind.OTHER_FUNCTION,
            ReturnTypes.TIMESTAMP_NULLABLE,
            null,
            OperandTypes.STRING_STRING.or(OperandTypes.NUMERIC),
            SqlFunctionCategory.TIMEDATE);

    private DateTimeParseFunctions() {}
}
