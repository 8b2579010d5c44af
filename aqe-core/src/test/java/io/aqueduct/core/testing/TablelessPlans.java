package io.aqueduct.core.testing;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.LocalExecutionPlanner;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.TaskInputs;
import io.aqueduct.core.plan.PlanNode;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/** Runs single-node plans that read no table (VALUES and constants only) in the calling thread. */
public final class TablelessPlans {
    private TablelessPlans() {}

    /** The rows of {@code plan}, as {@link BatchRows} reads them. */
    public static List<List<Object>> run(PlanNode plan, BufferAllocator allocator) {
        ExecutionContext context = new ExecutionContext(allocator, 2, () -> false);
        try (Operator operator = new LocalExecutionPlanner().plan(plan, TaskInputs.NONE, context)) {
            return BatchRows.drain(operator);
        }
    }
}
