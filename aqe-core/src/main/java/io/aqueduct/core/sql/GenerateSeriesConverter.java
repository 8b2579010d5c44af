package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.ConstantFolding;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.GenerateSeriesNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.RowType;
import io.aqueduct.core.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * Plans a {@code generate_series} call ({@link GenerateSeriesFunction}) from its arguments, which must be constants
 * or parameters: a {@link GenerateSeriesNode}, or no rows when an argument is NULL (as PostgreSQL). Dates start and
 * stop at midnight; a day-time step is in microseconds, a year-month step in months.
 */
final class GenerateSeriesConverter {
    private GenerateSeriesConverter() {}

    static boolean isSeries(TableFunctionScan scan) {
        return scan.getCall() instanceof RexCall call && call.getOperator() == GenerateSeriesFunction.INSTANCE;
    }

    static PlanNode convert(TableFunctionScan scan, RexToExpression rexConverter) {
        RexCall call = (RexCall) scan.getCall();
        RowType outputType = TypeConverter.toRowType(scan.getRowType());
        List<Literal> arguments = new ArrayList<>();
        for (RexNode operand : call.getOperands()) {
            Literal literal = ConstantFolding.constantValue(rexConverter.convert(operand))
                    .orElseThrow(() -> new AqueductException(
                            ErrorCode.NOT_SUPPORTED, "GENERATE_SERIES takes constants or parameters, not " + operand));
            if (literal.isNull()) {
                return new ValuesNode(outputType, List.of());
            }
            arguments.add(literal);
        }
        boolean timestamps = outputType.type(0).kind() == TypeKind.TIMESTAMP;
        long start = timestamps ? micros(arguments.get(0)) : arguments.get(0).longValue();
        long stop = timestamps ? micros(arguments.get(1)) : arguments.get(1).longValue();
        long step = arguments.size() > 2 ? arguments.get(2).longValue() : 1;
        boolean monthStep = timestamps
                && call.getOperands().get(2).getType().getSqlTypeName().getFamily()
                        == SqlTypeFamily.INTERVAL_YEAR_MONTH;
        if (timestamps && !monthStep) {
            step = microsOfMillis(step);
        }
        if (step == 0) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "GENERATE_SERIES step must not be zero");
        }
        return new GenerateSeriesNode(outputType, start, stop, step, monthStep);
    }

    /** A step in milliseconds as microseconds; one too long for a BIGINT is past every stop, as the longest is. */
    private static long microsOfMillis(long millis) {
        try {
            return Math.multiplyExact(millis, DateTimes.MICROS_PER_MILLI);
        } catch (ArithmeticException e) {
            return millis > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
    }

    /** A DATE (days) or TIMESTAMP (microseconds) argument as microseconds. */
    private static long micros(Literal value) {
        return value.type().kind() == TypeKind.DATE ? DateTimes.dateToMicros(value.longValue()) : value.longValue();
    }
}
