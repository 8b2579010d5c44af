package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestAdaptiveRules {
    @Test
    void everyRuleIsRegisteredOnceUnderTheNameItsDecisionsCarry() {
        assertThat(AdaptiveRules.ALL)
                .extracting(AdaptiveRule::name)
                .containsExactly(
                        AqeDecision.PARTITIONED_SWITCH,
                        AqeDecision.JOIN_SWAP,
                        AqeDecision.BROADCAST_SWITCH,
                        AqeDecision.TASK_COUNT,
                        AqeDecision.SKEW_SPLIT,
                        AqeDecision.COALESCE);
        assertThat(AdaptiveRules.ALL).containsAll(AdaptiveRules.BEFORE_START).containsAll(AdaptiveRules.SHUFFLED_INPUT);
        assertThat(AdaptiveRules.BEFORE_START).doesNotContainAnyElementsOf(AdaptiveRules.SHUFFLED_INPUT);
    }

    @Test
    void coalescingSettlesAShuffledStageLast() {
        assertThat(AdaptiveRules.SHUFFLED_INPUT).last().isSameAs(AdaptiveRules.COALESCE);
    }
}
