package io.aqueduct.tpch.bench;

/** Whether two runs of a query returned the same result. */
public sealed interface ResultCheck permits ResultCheck.Equal, ResultCheck.Different, ResultCheck.Unchecked {
    /** Both returned these many rows, the same ones. */
    record Equal(long rowCount) implements ResultCheck {}

    /** The results differ, as {@code detail} describes. */
    record Different(String detail) implements ResultCheck {}

    /** No comparison was possible: a run failed. */
    record Unchecked(String reason) implements ResultCheck {}
}
