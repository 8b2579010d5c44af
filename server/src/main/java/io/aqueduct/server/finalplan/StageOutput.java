package io.aqueduct.server.finalplan;

import io.aqueduct.core.stage.OutputPartitioning;
import java.util.List;

/**
 * The boundary above a stage as it ran, and, when a runtime decision changed it, as planned.
 *
 * @param ran the boundary the stage's output crossed
 * @param planned the boundary planned before execution, when a decision switched it; else null
 * @param addedAtRuntime whether the stage itself was cut at runtime (the probe side of a join switched to
 *     partitioned)
 */
public record StageOutput(Boundary ran, Boundary planned, boolean addedAtRuntime) {
    /** A boundary the plan did not change. */
    public static StageOutput asPlanned(Boundary boundary) {
        return new StageOutput(boundary, null, false);
    }

    /** A boundary a runtime decision changed from {@code planned}. */
    public static StageOutput switched(Boundary ran, Boundary planned) {
        return new StageOutput(ran, planned, false);
    }

    /** The boundary of a stage cut at runtime. */
    public static StageOutput added(Boundary ran) {
        return new StageOutput(ran, null, true);
    }

    /** The boundary as EXPLAIN ANALYZE and {@code sys.stages} show it, e.g. {@code Shuffle on [0] to stage 3}. */
    public String text() {
        if (addedAtRuntime) {
            return ran.text() + " (stage added at runtime)";
        }
        return planned == null ? ran.text() : ran.text() + " (runtime switch; planned " + planned.text() + ")";
    }

    /** What a stage's output crosses: a kind of boundary, its hash keys, and the stage it feeds (null for the result). */
    public record Boundary(Kind kind, List<Integer> keys, Integer consumerStage) {
        public Boundary {
            keys = List.copyOf(keys);
        }

        /** The root stage's output, which the coordinator streams to the client. */
        public static Boundary result() {
            return new Boundary(Kind.RESULT, List.of(), null);
        }

        /** The boundary a stage's output partitioning plans, into stage {@code consumer}. */
        public static Boundary of(OutputPartitioning partitioning, int consumer) {
            Kind kind =
                    switch (partitioning.kind()) {
                        case HASH -> Kind.SHUFFLE;
                        case BROADCAST -> Kind.BROADCAST;
                        case SINGLE -> Kind.COALESCE;
                    };
            return new Boundary(kind, partitioning.keys(), consumer);
        }

        public String text() {
            if (kind == Kind.RESULT) {
                return "result to coordinator";
            }
            return kind.label() + (keys.isEmpty() ? "" : " on " + keys) + " to stage " + consumerStage;
        }
    }

    /** The kinds of boundary; {@link #FORWARD} hands a producer task's output whole to one consumer task. */
    public enum Kind {
        RESULT("result"),
        SHUFFLE("Shuffle"),
        BROADCAST("Broadcast"),
        COALESCE("Coalesce"),
        FORWARD("Forward");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
