package io.aqueduct.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * A query's interval columns ({@code SELECT shipped - ordered}) reach the client as text, as PostgreSQL writes
 * intervals ({@code 1 day 03:00:00}, {@code 1 year 2 mons}): JDBC has no interval type. {@link #INTERVAL_TEXT} is
 * planned on top of the query, not offered to SQL.
 */
final class IntervalResults {
    /** The text of an interval; {@link RexToExpression} runs it by the interval's kind. */
    static final SqlFunction INTERVAL_TEXT = new SqlFunction(
            "INTERVAL_TEXT",
            SqlKind.OTHER_FUNCTION,
            ReturnTypes.VARCHAR.andThen(SqlTypeTransforms.TO_NULLABLE),
            null,
            OperandTypes.INTERVAL,
            SqlFunctionCategory.SYSTEM);

    private IntervalResults() {}

    /** {@code rows} with each interval column as its text, or {@code rows} itself when it has none. */
    static RelNode asText(RelNode rows) {
        List<RelDataTypeField> fields = rows.getRowType().getFieldList();
        if (fields.stream().noneMatch(field -> isInterval(field.getType()))) {
            return rows;
        }
        RexBuilder rexBuilder = rows.getCluster().getRexBuilder();
        List<RexNode> columns = new ArrayList<>();
        for (RelDataTypeField field : fields) {
            RexNode column = rexBuilder.makeInputRef(rows, field.getIndex());
            columns.add(isInterval(field.getType()) ? rexBuilder.makeCall(INTERVAL_TEXT, column) : column);
        }
        return LogicalProject.create(rows, List.of(), columns, rows.getRowType().getFieldNames(), Set.of());
    }

    /** {@code rowType} with each interval column a VARCHAR, as {@link #asText} makes it. */
    static RelDataType resultType(RelDataType rowType, RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder result = typeFactory.builder();
        for (RelDataTypeField field : rowType.getFieldList()) {
            RelDataType type = field.getType();
            result.add(
                    field.getName(),
                    isInterval(type)
                            ? typeFactory.createTypeWithNullability(
                                    typeFactory.createSqlType(SqlTypeName.VARCHAR), type.isNullable())
                            : type);
        }
        return result.build();
    }

    private static boolean isInterval(RelDataType type) {
        return SqlTypeFamily.DATETIME_INTERVAL.contains(type);
    }
}
