package io.aqueduct.core.protocol;

/**
 * What a coordinator's long poll of a producer task waits for ({@link WorkerTransport#awaitSampled}): its late-bound
 * head to have sampled {@code budgetBytes}, or to have come out of {@code drivingRows} driving rows (the completion
 * the coordinator extrapolates from), or its input to end, its output to be bound or the task to end; at most
 * {@code maxWaitMillis}.
 */
public record SampleWait(long budgetBytes, long drivingRows, long maxWaitMillis) {
    /** Whether a head that sampled {@code bytes} out of {@code sampledDrivingRows} driving rows is sampled enough. */
    public boolean reached(long bytes, long sampledDrivingRows) {
        return bytes >= budgetBytes || sampledDrivingRows >= drivingRows;
    }
}
