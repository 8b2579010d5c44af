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

    /**
     * Whether the probe side may be sent whole to several tasks that each hold part of the build side: a
     * probe row's output is then the union of its matches in each, with nothing emitted for a miss.
     */
    public boolean replicatesProbeRows() {
        return this == INNER || this == RIGHT;
    }

    /** Whether unmatched build rows appear in the output, which rules out broadcasting the build side. */
    public boolean keepsUnmatchedBuildRows() {
        return this == RIGHT || this == FULL;
    }
}
