package io.aqueduct.core.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlTableFunction;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's and DuckDB's {@code generate_series(start, stop [, step])} in FROM: a table of one column,
 * {@code generate_series}, from start to stop inclusive. Integers give BIGINTs, step 1 unless given; DATEs and
 * TIMESTAMPs with an interval step give TIMESTAMPs. {@link RelToPlanConverter} plans it from constant arguments.
 */
final class GenerateSeriesFunction extends SqlFunction implements SqlTableFunction {
    static final GenerateSeriesFunction INSTANCE = new GenerateSeriesFunction();

    /** The column's name, as PostgreSQL and DuckDB name it. */
    static final String COLUMN = "generate_series";

    private GenerateSeriesFunction() {
        super(
                "GENERATE_SERIES",
                SqlKind.OTHER_FUNCTION,
                ReturnTypes.CURSOR,
                null,
                OperandTypes.or(
                        OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER),
                        OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER),
                        OperandTypes.family(SqlTypeFamily.DATE, SqlTypeFamily.DATE, SqlTypeFamily.DATETIME_INTERVAL),
                        OperandTypes.family(
                                SqlTypeFamily.TIMESTAMP, SqlTypeFamily.TIMESTAMP, SqlTypeFamily.DATETIME_INTERVAL)),
                SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION);
    }

    @Override
    public SqlReturnTypeInference getRowTypeInference() {
        return GenerateSeriesFunction::rowType;
    }

    private static RelDataType rowType(SqlOperatorBinding binding) {
        RelDataTypeFactory types = binding.getTypeFactory();
        SqlTypeFamily startFamily = binding.getOperandType(0).getSqlTypeName().getFamily();
        SqlTypeName valueType = startFamily == SqlTypeFamily.NUMERIC ? SqlTypeName.BIGINT : SqlTypeName.TIMESTAMP;
        return types.builder().add(COLUMN, valueType).build();
    }
}
