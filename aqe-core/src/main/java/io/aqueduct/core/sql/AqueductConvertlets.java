package io.aqueduct.core.sql;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Calcite's convertlets from SQL calls to expressions, with casts to bounded strings ({@link TruncatingCasts}) and
 * comparisons of exact numbers with finer constants ({@link DecimalComparisons}) converted the engine's way.
 */
final class AqueductConvertlets implements SqlRexConvertletTable {
    static final AqueductConvertlets INSTANCE = new AqueductConvertlets();

    private AqueductConvertlets() {}

    @Override
    public SqlRexConvertlet get(SqlCall call) {
        SqlRexConvertlet standard = StandardConvertletTable.INSTANCE.get(call);
        if (standard == null) {
            return null;
        }
        return switch (call.getKind()) {
            case CAST -> TruncatingCasts.around(standard);
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL, BETWEEN ->
                DecimalComparisons.around(standard);
            default -> standard;
        };
    }
}
