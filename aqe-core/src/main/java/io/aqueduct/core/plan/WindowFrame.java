package io.aqueduct.core.plan;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The rows of a partition a window function reads for the current row, from {@code start} to {@code end}
 * inclusive. {@code ROWS} frames count rows; {@code RANGE} frames bound by the ORDER BY value, so that
 * CURRENT ROW includes the row's peers (rows with equal ORDER BY keys).
 */
public record WindowFrame(boolean rows, Bound start, Bound end) {
    /** The SQL default with ORDER BY: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW. */
    public static final WindowFrame DEFAULT =
            new WindowFrame(false, Bound.unbounded(BoundKind.UNBOUNDED_PRECEDING), Bound.currentRow());

    @JsonCreator
    public WindowFrame(
            @JsonProperty("rows") boolean rows, @JsonProperty("start") Bound start, @JsonProperty("end") Bound end) {
        this.rows = rows;
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
    }

    public enum BoundKind {
        UNBOUNDED_PRECEDING,
        PRECEDING,
        CURRENT_ROW,
        FOLLOWING,
        UNBOUNDED_FOLLOWING
    }

    /**
     * One end of a frame. {@code offset} counts rows (ROWS) or is a difference of ORDER BY values (RANGE),
     * in the representation of the ORDER BY key: unscaled for DECIMAL, days for DATE.
     */
    public record Bound(BoundKind kind, long offset) {
        @JsonCreator
        public Bound(@JsonProperty("kind") BoundKind kind, @JsonProperty("offset") long offset) {
            this.kind = requireNonNull(kind, "kind is null");
            this.offset = offset;
            checkArgument(offset >= 0, "frame offset must not be negative: %s", offset);
        }

        public static Bound unbounded(BoundKind kind) {
            return new Bound(kind, 0);
        }

        public static Bound currentRow() {
            return new Bound(BoundKind.CURRENT_ROW, 0);
        }

        public static Bound preceding(long offset) {
            return new Bound(BoundKind.PRECEDING, offset);
        }

        public static Bound following(long offset) {
            return new Bound(BoundKind.FOLLOWING, offset);
        }

        public boolean hasOffset() {
            return kind == BoundKind.PRECEDING || kind == BoundKind.FOLLOWING;
        }

        @Override
        public String toString() {
            return hasOffset() ? offset + " " + kind : kind.name();
        }
    }

    @Override
    public String toString() {
        return (rows ? "ROWS " : "RANGE ") + start + " AND " + end;
    }
}
