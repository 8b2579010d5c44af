package io.aqueduct.core.sql;

import io.aqueduct.core.type.DataType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's type rules bent to the engine: decimals stay within 18 digits (they execute as scaled
 * longs), SUM widens to the largest decimal, AVG and decimal division are DOUBLE (as in DuckDB; an
 * exact quotient rounded to a fixed scale would lose what users expect), and CASE/UNION of strings of
 * different lengths are VARCHAR, never space-padded CHAR; TIMESTAMP and TIME have microsecond precision.
 */
public final class AqueductTypeSystem extends RelDataTypeSystemImpl {
    public static final AqueductTypeSystem INSTANCE = new AqueductTypeSystem();

    private AqueductTypeSystem() {}

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            case DECIMAL -> DataType.MAX_DECIMAL_PRECISION;
            case TIMESTAMP, TIME, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> DataType.TIME_PRECISION;
            default -> super.getMaxPrecision(typeName);
        };
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? DataType.MAX_DECIMAL_PRECISION : super.getMaxScale(typeName);
    }

    /** TIMESTAMP and TIME keep microseconds unless a precision is written, as in DuckDB and PostgreSQL. */
    @Override
    public int getDefaultPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            case DECIMAL -> DataType.MAX_DECIMAL_PRECISION;
            case TIMESTAMP, TIME, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> DataType.TIME_PRECISION;
            default -> super.getDefaultPrecision(typeName);
        };
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        RelDataType sumType =
                switch (argumentType.getSqlTypeName()) {
                    case TINYINT, SMALLINT, INTEGER, BIGINT -> typeFactory.createSqlType(SqlTypeName.BIGINT);
                    case DECIMAL ->
                        typeFactory.createSqlType(
                                SqlTypeName.DECIMAL, DataType.MAX_DECIMAL_PRECISION, argumentType.getScale());
                    case REAL, FLOAT, DOUBLE -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
                    default -> argumentType;
                };
        return typeFactory.createTypeWithNullability(sumType, argumentType.isNullable());
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        if (SqlTypeName.NUMERIC_TYPES.contains(argumentType.getSqlTypeName())) {
            return typeFactory.createTypeWithNullability(
                    typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType.isNullable());
        }
        return argumentType;
    }

    /**
     * COVAR_POP, COVAR_SAMP, REGR_SXX and REGR_SYY are DOUBLE, as in PostgreSQL and DuckDB: Calcite would give them
     * their first argument's type, truncating the covariance of two DECIMAL(15, 2) columns to two decimals, or of two
     * INTEGER columns to an integer.
     */
    @Override
    public RelDataType deriveCovarType(RelDataTypeFactory typeFactory, RelDataType arg0Type, RelDataType arg1Type) {
        return typeFactory.createTypeWithNullability(
                typeFactory.createSqlType(SqlTypeName.DOUBLE), arg0Type.isNullable() || arg1Type.isNullable());
    }

    /**
     * A division with a DECIMAL operand is DOUBLE: a quotient rounded to a fixed scale loses digits
     * users expect (ratios, percentages), and DuckDB answers the same way.
     */
    @Override
    public @Nullable RelDataType deriveDecimalDivideType(
            RelDataTypeFactory typeFactory, RelDataType dividend, RelDataType divisor) {
        RelDataType decimalQuotient = super.deriveDecimalDivideType(typeFactory, dividend, divisor);
        if (decimalQuotient == null) {
            return null;
        }
        return typeFactory.createTypeWithNullability(
                typeFactory.createSqlType(SqlTypeName.DOUBLE), decimalQuotient.isNullable());
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }
}
