package io.aqueduct.server.coordinator;

import com.google.protobuf.ByteString;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.server.lifecycle.QueryState;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** One run of a query as {@link RetryingQuery} drives it; {@link QueryExecution} is the real one. */
interface QueryAttempt extends AutoCloseable {
    /**
     * Up to {@code maxRows} rows, each the bytes of an Avatica {@code Row} message ({@link EncodedBatch}),
     * waiting up to {@code wait}; throws the attempt's failure.
     */
    List<ByteString> fetch(int maxRows, long maxBytes, Duration wait);

    /** Whether every row was fetched; throws the attempt's failure. */
    boolean isDone();

    QueryState state();

    Optional<AqueductException> failureCause();

    boolean cancel(AqueductException cause);

    @Override
    void close();
}
