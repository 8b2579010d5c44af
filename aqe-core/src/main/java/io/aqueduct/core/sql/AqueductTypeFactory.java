package io.aqueduct.core.sql;

import io.aqueduct.core.type.DataType;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeMappingRule;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's type factory over {@link AqueductTypeSystem}, with one rule changed: the common type of exact numbers
 * (CASE, COALESCE, UNION, IN lists, LAG's default) keeps the largest scale among them. Calcite keeps integer digits
 * first, so with decimals capped at 18 digits the common type of a BIGINT (19 digits) and a DECIMAL(15, 2) was
 * DECIMAL(18, 0): every amount rounded to a whole number. It is DECIMAL(18, 2) here, as exact as PostgreSQL's and
 * DuckDB's answer; a BIGINT of more than 16 digits then fails its cast with 22003 instead of losing cents silently.
 */
public final class AqueductTypeFactory extends JavaTypeFactoryImpl {
    public AqueductTypeFactory() {
        super(AqueductTypeSystem.INSTANCE);
    }

    @Override
    public @Nullable RelDataType leastRestrictive(List<RelDataType> types, SqlTypeMappingRule mappingRule) {
        RelDataType common = super.leastRestrictive(types, mappingRule);
        if (common == null || common.getSqlTypeName() != SqlTypeName.DECIMAL) {
            return common;
        }
        int scale = types.stream()
                .filter(SqlTypeUtil::isExactNumeric)
                .mapToInt(type -> type.getSqlTypeName() == SqlTypeName.DECIMAL ? type.getScale() : 0)
                .max()
                .orElse(0);
        if (scale <= common.getScale()) {
            return common;
        }
        RelDataType keepingScale = createSqlType(SqlTypeName.DECIMAL, DataType.MAX_DECIMAL_PRECISION, scale);
        return createTypeWithNullability(keepingScale, common.isNullable());
    }
}
