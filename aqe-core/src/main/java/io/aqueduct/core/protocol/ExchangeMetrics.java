package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What one exchange (a remote source of a task) received so far: an immutable snapshot for reporting.
 *
 * @param sourceStageId the upstream stage the exchange reads
 * @param rowsReceived rows of the batches received
 * @param bytesReceived Arrow buffer bytes of those batches ({@link io.aqueduct.core.exec.Batches#sizeInBytes}),
 *     comparable with the producers' output bytes; IPC framing and metadata are not counted
 * @param localBytesReceived the part of {@code bytesReceived} taken from producers in the same worker, handed over
 *     in memory without crossing a network
 * @param networkNanos time the stream readers of remote producers spent opening their streams and reading batches
 *     from them, summed over the readers (which run in parallel, so this may exceed the wall time)
 * @param waitNanos time the task's thread waited in the exchange for a batch to arrive
 * @param streams producers the exchange reads, each through a stream of its own or from this worker's memory
 */
public record ExchangeMetrics(
        int sourceStageId,
        long rowsReceived,
        long bytesReceived,
        long localBytesReceived,
        long networkNanos,
        long waitNanos,
        int streams) {
    @JsonCreator
    public ExchangeMetrics(
            @JsonProperty("sourceStageId") int sourceStageId,
            @JsonProperty("rowsReceived") long rowsReceived,
            @JsonProperty("bytesReceived") long bytesReceived,
            @JsonProperty("localBytesReceived") long localBytesReceived,
            @JsonProperty("networkNanos") long networkNanos,
            @JsonProperty("waitNanos") long waitNanos,
            @JsonProperty("streams") int streams) {
        this.sourceStageId = sourceStageId;
        this.rowsReceived = rowsReceived;
        this.bytesReceived = bytesReceived;
        this.localBytesReceived = localBytesReceived;
        this.networkNanos = networkNanos;
        this.waitNanos = waitNanos;
        this.streams = streams;
    }

    /** The part of {@code bytesReceived} that crossed a network. */
    public long networkBytesReceived() {
        return bytesReceived - localBytesReceived;
    }
}
