package io.aqueduct.core.plan;

/**
 * Join semantics. SEMI and ANTI output only the probe (left) side's columns; RIGHT_SEMI and RIGHT_ANTI only the
 * build (right) side's.
 */
public enum JoinType {
    INNER,
    LEFT,
    RIGHT,
    FULL,
    /** Left rows with at least one match. */
    SEMI,
    /** Left rows with no match. */
    ANTI,
    /**
     * Build rows with at least one match, each once: a SEMI join that builds on its (smaller) outer side and
     * streams the larger side through.
     */
    RIGHT_SEMI,
    /** Build rows with no match: an ANTI join that builds on its (smaller) outer side. */
    RIGHT_ANTI;

    /** The type of the same join with its probe and build sides exchanged. */
    public JoinType mirrored() {
        return switch (this) {
            case INNER -> INNER;
            case FULL -> FULL;
            case LEFT -> RIGHT;
            case RIGHT -> LEFT;
            case SEMI -> RIGHT_SEMI;
            case RIGHT_SEMI -> SEMI;
            case ANTI -> RIGHT_ANTI;
            case RIGHT_ANTI -> ANTI;
        };
    }

    public boolean outputsProbeSide() {
        return this != RIGHT_SEMI && this != RIGHT_ANTI;
    }

    public boolean outputsBuildSide() {
        return this != SEMI && this != ANTI;
    }

    /** Whether each output row is a probe row with a build row (or NULLs for one of them). */
    public boolean outputsPairs() {
        return outputsProbeSide() && outputsBuildSide();
    }

    /**
     * Whether the probe side may be sent whole to several tasks that each hold part of the build side: a
     * probe row's output is then the union of its matches in each, with nothing emitted for a miss.
     */
    public boolean replicatesProbeRows() {
        return this == INNER || this == RIGHT;
    }

    /**
     * Whether build rows are output after the probe side by whether they matched (unmatched ones for RIGHT, FULL
     * and RIGHT_ANTI, matched ones for RIGHT_SEMI). Each build row must then see all of its matches in one task,
     * which rules out broadcasting the build side.
     */
    public boolean keepsUnmatchedBuildRows() {
        return this == RIGHT || this == FULL || this == RIGHT_SEMI || this == RIGHT_ANTI;
    }
}
