package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a producer's sampler saw of its partitioning key before the output was bound: rows and bytes
 * per fine hash bucket (only the non-empty ones, as parallel arrays) and the most frequent key values.
 */
public record KeySample(int[] fineBuckets, long[] rows, long[] bytes, List<HeavyHitter> heavyHitters) {
    public static final KeySample EMPTY = new KeySample(new int[0], new long[0], new long[0], List.of());

    @JsonCreator
    public KeySample(
            @JsonProperty("fineBuckets") int[] fineBuckets,
            @JsonProperty("rows") long[] rows,
            @JsonProperty("bytes") long[] bytes,
            @JsonProperty("heavyHitters") List<HeavyHitter> heavyHitters) {
        if (fineBuckets.length != rows.length || rows.length != bytes.length) {
            throw new IllegalArgumentException("fine bucket arrays differ in length");
        }
        this.fineBuckets = fineBuckets;
        this.rows = rows;
        this.bytes = bytes;
        this.heavyHitters = List.copyOf(heavyHitters);
    }

    /**
     * A frequent key value in the sample: its text, its fine bucket, and how many sampled rows had it
     * (a Space-Saving count: at most {@code maxOvercount} too high).
     */
    public record HeavyHitter(String key, int fineBucket, long rows, long maxOvercount) {
        @JsonCreator
        public HeavyHitter(
                @JsonProperty("key") String key,
                @JsonProperty("fineBucket") int fineBucket,
                @JsonProperty("rows") long rows,
                @JsonProperty("maxOvercount") long maxOvercount) {
            this.key = key;
            this.fineBucket = fineBucket;
            this.rows = rows;
            this.maxOvercount = maxOvercount;
        }
    }
}
