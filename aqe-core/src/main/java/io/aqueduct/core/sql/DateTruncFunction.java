package io.aqueduct.core.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code DATE_TRUNC('month', value)} as PostgreSQL, DuckDB, Trino and the BI tools that target them write it: {@code
 * FLOOR(value TO MONTH)}, a TIMESTAMP for a DATE (as in PostgreSQL and DuckDB), else of the value's type. Calcite's own
 * DATE_TRUNC is BigQuery's, with its operands the other way round and the unit a keyword. The unit must be a constant;
 * {@link RexToExpression} runs it as the truncation.
 */
final class DateTruncFunction extends SqlFunction {
    static final DateTruncFunction INSTANCE = new DateTruncFunction();

    private DateTruncFunction() {
        super(
                "DATE_TRUNC",
                SqlKind.OTHER_FUNCTION,
                DateTruncFunction::resultType,
                null,
                OperandTypes.sequence(
                        "'DATE_TRUNC(<unit>, <DATETIME>)'", OperandTypes.CHARACTER, OperandTypes.DATETIME),
                SqlFunctionCategory.TIMEDATE);
    }

    private static RelDataType resultType(SqlOperatorBinding call) {
        RelDataType value = call.getOperandType(1);
        RelDataTypeFactory types = call.getTypeFactory();
        RelDataType result =
                value.getSqlTypeName() == SqlTypeName.DATE ? types.createSqlType(SqlTypeName.TIMESTAMP) : value;
        return types.createTypeWithNullability(result, value.isNullable());
    }
}
