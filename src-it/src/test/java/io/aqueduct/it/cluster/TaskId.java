package io.aqueduct.it.cluster;

/** A worker task id, {@code <queryId>.<stageId>.<taskIndex>}, taken apart. */
public record TaskId(String queryId, int stageId, int taskIndex) {
    public static TaskId parse(String taskId) {
        int taskDot = taskId.lastIndexOf('.');
        int stageDot = taskId.lastIndexOf('.', taskDot - 1);
        if (stageDot <= 0) {
            throw new IllegalArgumentException("Not a task id <queryId>.<stageId>.<taskIndex>: " + taskId);
        }
        return new TaskId(
                taskId.substring(0, stageDot),
                Integer.parseInt(taskId.substring(stageDot + 1, taskDot)),
                Integer.parseInt(taskId.substring(taskDot + 1)));
    }
}
