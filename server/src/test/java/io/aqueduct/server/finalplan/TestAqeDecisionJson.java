package io.aqueduct.server.finalplan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.aqueduct.core.aqe.AqeDecision;
import io.aqueduct.core.aqe.DecisionInputs;
import io.aqueduct.core.aqe.ProducerSamples;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A decision's typed inputs reach the final plan's JSON as the named object of the schema, in order. */
class TestAqeDecisionJson {
    @Test
    void typedInputsAreWrittenAsTheirNamedView() throws Exception {
        ProducerSamples.Estimate estimate = new ProducerSamples.Estimate(10, 1_000, 0.5, 2_000, false);
        AqeDecision decision = AqeDecision.adopted(
                3,
                AqeDecision.TASK_COUNT,
                2,
                1,
                new DecisionInputs.TaskCount(Map.of(1, estimate), 2_000, 16 << 20, 8),
                "estimated cost");

        JsonNode json = new ObjectMapper()
                .readTree(FinalPlanJson.toJson(decision.inputs().view()));
        JsonNode inPlan = new ObjectMapper().valueToTree(decision);

        assertThat(inPlan.get("inputs").toString()).isEqualTo(json.toString());
        assertThat(inPlan.has("producerEstimates")).isFalse();
        assertThat(json.fieldNames())
                .toIterable()
                .containsExactly(
                        "stage_1_sampled_rows",
                        "stage_1_sampled_bytes",
                        "stage_1_completion",
                        "stage_1_estimated_bytes",
                        "cost_bytes",
                        "bytes_per_partition",
                        "max_tasks_per_stage");
        assertThat(json.get("stage_1_estimated_bytes").asLong()).isEqualTo(2_000);
    }
}
