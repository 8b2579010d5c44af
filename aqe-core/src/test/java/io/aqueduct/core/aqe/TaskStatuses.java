package io.aqueduct.core.aqe;

import io.aqueduct.core.protocol.TaskState;
import io.aqueduct.core.protocol.TaskStatus;

/** Task statuses as a producer task reports them while it is sampled. */
final class TaskStatuses {
    private TaskStatuses() {}

    static TaskStatus finished(long rows, long bytes) {
        return new TaskStatus("t", TaskState.RUNNING, rows, bytes, rows, bytes, true, false, rows, null, null);
    }

    static TaskStatus running(long rows, long bytes, long drivingRows) {
        return new TaskStatus("t", TaskState.RUNNING, rows, bytes, rows, bytes, false, false, drivingRows, null, null);
    }
}
