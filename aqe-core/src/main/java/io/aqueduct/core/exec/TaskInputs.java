package io.aqueduct.core.exec;

import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;

/**
 * Where a task's leaves get their data: the connector's splits assigned to this task, and the
 * exchange that pulls upstream stages' output. The worker implements it over HTTP; tests implement
 * it in memory.
 */
public interface TaskInputs {
    Operator scan(TableScanNode node, ExecutionContext context);

    Operator remoteSource(RemoteSourceNode node, ExecutionContext context);
}
