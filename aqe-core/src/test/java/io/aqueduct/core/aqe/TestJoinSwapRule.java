package io.aqueduct.core.aqe;

import static io.aqueduct.core.aqe.JoinSwapRule.buildsOnTheLargerSide;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestJoinSwapRule {
    @Test
    void exchangesABuildSideLargerInRowsAndBytesAndClearlyInOne() {
        assertThat(buildsOnTheLargerSide(side(1_000, 100_000), side(1_500, 101_000)))
                .isTrue();
        assertThat(buildsOnTheLargerSide(side(1_000, 100_000), side(1_001, 170_000)))
                .isTrue();
    }

    @Test
    void keepsSidesThatAreNearlyEqual() {
        assertThat(buildsOnTheLargerSide(side(1_000, 100_000), side(1_400, 140_000)))
                .isFalse();
        assertThat(buildsOnTheLargerSide(side(1_000, 100_000), side(1_000, 100_000)))
                .isFalse();
    }

    @Test
    void keepsABuildSideWithMoreRowsButASmallerHashTable() {
        // The probe side's wide rows would make the larger hash table: 1 MB and 32 KB of table, against 360 KB.
        assertThat(buildsOnTheLargerSide(side(1_000, 1_000_000), side(5_000, 200_000)))
                .isFalse();
        // Narrower rows, but five times as many: the table's own bytes per row make it the larger.
        assertThat(buildsOnTheLargerSide(side(1_000, 100_000), side(5_000, 90_000)))
                .isTrue();
    }

    @Test
    void keepsTheSidesWhenTheProbeSideIsKnownOnlyAsALowerBound() {
        ProducerSamples.Estimate atLeast = new ProducerSamples.Estimate(1_000, 100_000, 0.5, 100_000, true);
        assertThat(buildsOnTheLargerSide(atLeast, side(10_000, 1_000_000))).isFalse();
    }

    private static ProducerSamples.Estimate side(long rows, long bytes) {
        return new ProducerSamples.Estimate(rows, bytes, 1, bytes, false);
    }
}
