package io.aqueduct.core.sql;

import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.core.AggregateCall;

/**
 * Aggregate {@code FILTER (WHERE condition)} as a plain aggregate of masked arguments: each argument of a
 * filtered call is replaced by {@code CASE WHEN condition THEN argument END}, a column projected after the
 * input's, and a filtered {@code COUNT(*)} counts a masked constant. Every aggregate the engine runs ignores
 * NULL arguments, so the result is the filtered one, and the calls stay plain aggregates that split into
 * partial and final steps.
 */
final class AggregateFilters {
    private AggregateFilters() {}

    /** The aggregate's input and calls with every FILTER applied. */
    record Masked(PlanNode source, List<AggregateCall> calls) {}

    static Masked apply(PlanNode source, List<AggregateCall> calls) {
        if (calls.stream().noneMatch(AggregateCall::hasFilter)) {
            return new Masked(source, calls);
        }
        RowType inputType = source.outputType();
        List<Expression> projections = new ArrayList<>();
        List<String> names = new ArrayList<>(inputType.names());
        List<DataType> types = new ArrayList<>(inputType.types());
        for (int i = 0; i < inputType.size(); i++) {
            projections.add(new InputReference(i, inputType.type(i)));
        }
        List<AggregateCall> unfiltered = new ArrayList<>();
        for (AggregateCall call : calls) {
            if (!call.hasFilter()) {
                unfiltered.add(call);
                continue;
            }
            Expression condition = new InputReference(call.filterArg, inputType.type(call.filterArg));
            List<Expression> arguments = call.getArgList().isEmpty()
                    ? List.of(new Literal(1L, DataType.INTEGER))
                    : call.getArgList().stream()
                            .<Expression>map(argument -> new InputReference(argument, inputType.type(argument)))
                            .toList();
            List<Integer> maskedArguments = new ArrayList<>();
            for (Expression argument : arguments) {
                Expression masked = new Call(
                        Function.CASE,
                        List.of(condition, argument, new Literal(null, argument.type())),
                        argument.type());
                maskedArguments.add(projections.size());
                projections.add(masked);
                names.add("$filtered" + projections.size());
                types.add(argument.type());
            }
            unfiltered.add(call.withFilter(-1).withArgList(maskedArguments));
        }
        return new Masked(new ProjectNode(source, projections, new RowType(names, types)), unfiltered);
    }
}
