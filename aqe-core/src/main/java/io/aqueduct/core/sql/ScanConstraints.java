package io.aqueduct.core.sql;

import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.connector.ScanConstraint.Comparison;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.DateString;

/**
 * The conjuncts of a filter over a scan that compare a numeric or DATE column with a literal, as
 * {@link ScanConstraint}s for the connector. Anything else (casts, functions, OR) is left to the filter.
 */
final class ScanConstraints {
    private ScanConstraints() {}

    /** The constraints of {@code filter}, whose input is a scan producing {@code scanOutput}. */
    static List<ScanConstraint> of(Filter filter, RowType scanOutput) {
        // BETWEEN and ranges arrive as SEARCH(column, Sarg): expanded, a range is two comparisons.
        RexNode condition = RexUtil.expandSearch(filter.getCluster().getRexBuilder(), null, filter.getCondition());
        List<ScanConstraint> constraints = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            constraint(conjunct, scanOutput).ifPresent(constraints::add);
        }
        return constraints;
    }

    private static Optional<ScanConstraint> constraint(RexNode conjunct, RowType scanOutput) {
        if (!(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
            return Optional.empty();
        }
        Optional<Comparison> comparison = comparison(call);
        if (comparison.isEmpty()) {
            return Optional.empty();
        }
        RexNode left = call.getOperands().get(0);
        RexNode right = call.getOperands().get(1);
        if (left instanceof RexInputRef column && right instanceof RexLiteral literal) {
            return constraint(scanOutput, column, comparison.get(), literal);
        }
        if (right instanceof RexInputRef column && left instanceof RexLiteral literal) {
            return constraint(scanOutput, column, comparison.get().flipped(), literal);
        }
        return Optional.empty();
    }

    private static Optional<ScanConstraint> constraint(
            RowType scanOutput, RexInputRef column, Comparison comparison, RexLiteral literal) {
        DataType type = scanOutput.type(column.getIndex());
        if (literal.isNull()) {
            return Optional.empty();
        }
        BigDecimal value;
        if (type.kind() == TypeKind.DATE) {
            DateString date = literal.getValueAs(DateString.class);
            if (date == null) {
                return Optional.empty();
            }
            value = BigDecimal.valueOf(date.getDaysSinceEpoch());
        } else if (type.isNumeric()) {
            value = literal.getValueAs(BigDecimal.class);
            if (value == null) {
                return Optional.empty();
            }
        } else {
            return Optional.empty();
        }
        return Optional.of(new ScanConstraint(scanOutput.names().get(column.getIndex()), comparison, value));
    }

    private static Optional<Comparison> comparison(RexCall call) {
        return switch (call.getKind()) {
            case EQUALS -> Optional.of(Comparison.EQUAL);
            case LESS_THAN -> Optional.of(Comparison.LESS_THAN);
            case LESS_THAN_OR_EQUAL -> Optional.of(Comparison.LESS_THAN_OR_EQUAL);
            case GREATER_THAN -> Optional.of(Comparison.GREATER_THAN);
            case GREATER_THAN_OR_EQUAL -> Optional.of(Comparison.GREATER_THAN_OR_EQUAL);
            default -> Optional.empty();
        };
    }
}
