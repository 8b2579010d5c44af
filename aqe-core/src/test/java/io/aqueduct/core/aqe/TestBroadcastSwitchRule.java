package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.stage.ClusterShape;
import io.aqueduct.core.stage.DistributedPlanner;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.tpch.TpchConnector;
import io.aqueduct.tpch.TpchQueries;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestBroadcastSwitchRule {
    private static final TpchConnector TPCH = new TpchConnector();

    /**
     * TPC-H Q7 at SF 1 plans a stage that joins two shuffles (orders with lineitem) and probes a broadcast join
     * (customer with nation) with the result. When the shuffled join turns into a broadcast join at runtime, its
     * tasks still need the stage's third input.
     */
    @Test
    void aSwitchedJoinKeepsTheStagesOtherBroadcastInputs() {
        CompiledQuery query = new QueryCompiler(List.of(TPCH)).compile(TpchQueries.query(7), "tpch", "sf1");
        StagePlan plan = new DistributedPlanner(
                        ClusterShape.of(2, 2),
                        scan -> TPCH.statistics(scan.schema(), scan.table()),
                        scan -> TPCH.taskEstimator())
                .plan(query.plan(List.of()));
        Stage stage = plan.stages().stream()
                .filter(candidate ->
                        StageJoins.partitionedJoin(candidate.fragment()).isPresent())
                .filter(candidate -> candidate.sourceStageIds().size() == 3)
                .findFirst()
                .orElseThrow();
        Map<Integer, ProducerSamples.Estimate> estimates = new HashMap<>();
        Map<Integer, List<TaskLocation>> tasks = new HashMap<>();
        for (int source : stage.sourceStageIds()) {
            estimates.put(source, new ProducerSamples.Estimate(100, 1024, 1, 1024, false));
            tasks.put(
                    source,
                    List.of(new TaskLocation("http://a", source + ".0"), new TaskLocation("http://b", source + ".1")));
        }

        StageSchedule schedule = BroadcastSwitchRule.apply(plan, stage, estimates, tasks, SettingValues.defaults())
                .orElseThrow();

        assertThat(schedule.bindings().keySet()).containsExactlyInAnyOrderElementsOf(stage.sourceStageIds());
        assertThat(schedule.tasks()).hasSize(2).allSatisfy(reads -> assertThat(
                        reads.sources().keySet())
                .containsExactlyInAnyOrderElementsOf(stage.sourceStageIds()));
    }
}
