package io.aqueduct.core.testing;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.LocalExecutionPlanner;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.TaskInputs;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/** Runs single-node plans that read no table (VALUES and constants only) in the calling thread. */
public final class TablelessPlans {
    private static final TaskInputs NO_INPUTS = new TaskInputs() {
        @Override
        public Operator scan(TableScanNode node, ExecutionContext context) {
            throw new IllegalStateException("no tables");
        }

        @Override
        public Operator remoteSource(RemoteSourceNode node, ExecutionContext context) {
            throw new IllegalStateException("no remote sources");
        }
    };

    private TablelessPlans() {}

    /** The rows of {@code plan}, as {@link BatchRows} reads them. */
    public static List<List<Object>> run(PlanNode plan, BufferAllocator allocator) {
        ExecutionContext context = new ExecutionContext(allocator, 2, () -> false);
        try (Operator operator = new LocalExecutionPlanner().plan(plan, NO_INPUTS, context)) {
            return BatchRows.drain(operator);
        }
    }
}
