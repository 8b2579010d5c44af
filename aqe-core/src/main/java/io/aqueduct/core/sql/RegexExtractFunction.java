package io.aqueduct.core.sql;

import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * {@code REGEXP_EXTRACT(string, pattern [, group])} as Trino, DuckDB and Spark write it, and Oracle's and Snowflake's
 * {@code REGEXP_SUBSTR(string, pattern)}: a VARCHAR, NULL where nothing matches. Calcite's own REGEXP_EXTRACT is
 * BigQuery's, whose third operand is a position, not a group. {@link RexToExpression} runs both as the engine's
 * REGEXP_EXTRACT.
 */
final class RegexExtractFunction extends SqlFunction {
    static final RegexExtractFunction REGEXP_EXTRACT = new RegexExtractFunction("REGEXP_EXTRACT", true);
    static final RegexExtractFunction REGEXP_SUBSTR = new RegexExtractFunction("REGEXP_SUBSTR", false);

    private RegexExtractFunction(String name, boolean takesGroup) {
        super(
                name,
                SqlKind.OTHER_FUNCTION,
                ReturnTypes.VARCHAR.andThen(SqlTypeTransforms.FORCE_NULLABLE),
                null,
                takesGroup
                        ? OperandTypes.or(
                                OperandTypes.STRING_STRING,
                                OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.INTEGER))
                        : OperandTypes.STRING_STRING,
                SqlFunctionCategory.STRING);
    }
}
