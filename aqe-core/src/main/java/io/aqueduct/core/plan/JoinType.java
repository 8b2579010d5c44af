package io.aqueduct.core.plan;

/** Join semantics. SEMI and ANTI output only the probe (left) side's columns. */
public enum JoinType {
    INNER,
    LEFT,
    RIGHT,
    FULL,
    /** Left rows with at least one match. */
    SEMI,
    /** Left rows with no match. */
    ANTI;

    public boolean outputsBuildSide() {
        return this != SEMI && this != ANTI;
    }

    /** Whether unmatched build rows appear in the output, which rules out broadcasting the build side. */
    public boolean keepsUnmatchedBuildRows() {
        return this == RIGHT || this == FULL;
    }
}
