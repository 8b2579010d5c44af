package io.aqueduct.core.sql;

import com.google.common.collect.ImmutableList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;

/**
 * Remakes each VALUES literal with its column's type. Calcite leaves {@code 3.25} a DECIMAL(3, 2) literal in the
 * DOUBLE column of {@code VALUES (2.5e0), (3.25)}, and its metadata then compares the column's Double with that
 * BigDecimal and fails (ClassCastException) while rules run.
 */
final class ValuesLiterals {
    private ValuesLiterals() {}

    static RelNode ofTheirColumnTypes(RelNode root, RexBuilder rexBuilder) {
        return root.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode visited = super.visit(other);
                if (!(visited instanceof Values values) || typedAsColumns(values)) {
                    return visited;
                }
                List<RelDataTypeField> columns = values.getRowType().getFieldList();
                ImmutableList.Builder<ImmutableList<RexLiteral>> tuples = ImmutableList.builder();
                for (List<RexLiteral> tuple : values.getTuples()) {
                    ImmutableList.Builder<RexLiteral> row = ImmutableList.builder();
                    for (int column = 0; column < tuple.size(); column++) {
                        row.add(asType(tuple.get(column), columns.get(column).getType(), rexBuilder));
                    }
                    tuples.add(row.build());
                }
                return LogicalValues.create(values.getCluster(), values.getRowType(), tuples.build());
            }
        });
    }

    private static boolean typedAsColumns(Values values) {
        List<RelDataTypeField> columns = values.getRowType().getFieldList();
        return values.getTuples().stream().allMatch(tuple -> {
            for (int column = 0; column < tuple.size(); column++) {
                if (!hasType(tuple.get(column), columns.get(column).getType())) {
                    return false;
                }
            }
            return true;
        });
    }

    private static RexLiteral asType(RexLiteral literal, RelDataType type, RexBuilder rexBuilder) {
        return hasType(literal, type) ? literal : (RexLiteral) rexBuilder.makeLiteral(literal.getValue(), type, false);
    }

    /** Whether {@code literal} is NULL or of {@code type}'s kind, as the column's other values are held. */
    private static boolean hasType(RexLiteral literal, RelDataType type) {
        return literal.isNull() || literal.getType().getSqlTypeName() == type.getSqlTypeName();
    }
}
