package io.aqueduct.core.aqe;

/**
 * One adaptive rule: looks at a stage about to start ({@link DecidingStage}: its plan, its producers' samples, what
 * the rules before it decided), records its decisions there and may settle the stage: a schedule, or a re-cut
 * plan. Rules are stateless; {@link AdaptiveRules} lists them all, in the order they apply.
 */
public interface AdaptiveRule {
    /** The rule's name, as its decisions carry it ({@link AqeDecision#rule()}). */
    String name();

    void apply(DecidingStage stage);
}
