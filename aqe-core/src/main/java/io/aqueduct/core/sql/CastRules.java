package io.aqueduct.core.sql;

import com.google.common.collect.ImmutableSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.type.SqlTypeCoercionRule;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The casts the validator accepts: Calcite's, and BOOLEAN to the integer types, as PostgreSQL and DuckDB cast it
 * ({@code CAST(true AS INTEGER)} is 1). Calcite's lenient rule would allow it too, with casts between timestamps and
 * numbers that the engine does not run.
 */
final class CastRules {
    static final SqlTypeCoercionRule INSTANCE = withBooleanToIntegers();

    private CastRules() {}

    private static SqlTypeCoercionRule withBooleanToIntegers() {
        Map<SqlTypeName, ImmutableSet<SqlTypeName>> rules = new EnumMap<>(SqlTypeName.class);
        rules.putAll(SqlTypeCoercionRule.instance().getTypeMapping());
        for (SqlTypeName integer :
                List.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER, SqlTypeName.BIGINT)) {
            rules.put(
                    integer,
                    ImmutableSet.<SqlTypeName>builder()
                            .addAll(rules.get(integer))
                            .add(SqlTypeName.BOOLEAN)
                            .build());
        }
        return SqlTypeCoercionRule.instance(rules);
    }
}
