package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TableWriteNode;

/**
 * Where a task's leaves get their data: the connector's splits assigned to this task, and the
 * exchange that pulls upstream stages' output. The worker implements it over HTTP; tests implement
 * it in memory.
 */
public interface TaskInputs {
    /** The inputs of a plan whose leaves are values, such as one over system tables: it reads no split and no task. */
    TaskInputs NONE = new TaskInputs() {
        @Override
        public Operator scan(TableScanNode node, ExecutionContext context) {
            throw new IllegalStateException("A plan of values scans no table: " + node.table());
        }

        @Override
        public Operator remoteSource(RemoteSourceNode node, ExecutionContext context) {
            throw new IllegalStateException("A plan of values reads no other task");
        }
    };

    Operator scan(TableScanNode node, ExecutionContext context);

    Operator remoteSource(RemoteSourceNode node, ExecutionContext context);

    /** The operator that stores {@code input}'s rows into the node's table; inputs that store nothing refuse. */
    default Operator write(TableWriteNode node, Operator input, ExecutionContext context) {
        throw new AqueductException(
                ErrorCode.NOT_SUPPORTED,
                "This task cannot write to " + node.catalog() + "." + node.schema() + "." + node.table());
    }
}
