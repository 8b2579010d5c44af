package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestEstimateErrors {
    @Test
    void parsesQErrorsFromPlanLines() {
        assertThat(EstimateErrors.parse("  estimate: 100 bytes sampled ..., actual 80 bytes, q-error 1.25"))
                .containsExactly(1.25);
        assertThat(EstimateErrors.parse("Stage 1 [tasks 2 -> 2, Coalesce to stage 2] rows out 10"))
                .isEmpty();
    }

    @Test
    void summarizesWithNearestRankPercentiles() {
        EstimateErrors errors = new EstimateErrors(List.of(1.0, 4.0, 1.5, 1.1, 2.0, 1.2, 1.3, 1.4, 1.6, 3.0));

        assertThat(errors.percentile(50)).isEqualTo(1.4);
        assertThat(errors.percentile(95)).isEqualTo(4.0);
        assertThat(errors.summary()).isEqualTo("Estimate q-error of 10 runtime-sized boundaries: P50 1.40, P95 4.00");
    }
}
