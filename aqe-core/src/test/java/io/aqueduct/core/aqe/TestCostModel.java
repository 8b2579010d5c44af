package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-operator cost model: what a byte of each input costs in the operators it passes. */
class TestCostModel {
    private static final RowType KEY = new RowType(List.of("k"), List.of(DataType.BIGINT));
    private static final RowType PAIR = new RowType(List.of("k", "k2"), List.of(DataType.BIGINT, DataType.BIGINT));

    @Test
    void aJoinChargesItsBuildSideTheBuildAndItsProbeSideTheProbeAndTheOperatorsAboveIt() {
        PlanNode join = new JoinNode(
                new RemoteSourceNode(0, KEY),
                new RemoteSourceNode(1, KEY),
                JoinType.INNER,
                List.of(0),
                List.of(0),
                List.of(false),
                null,
                PAIR,
                0,
                JoinDistribution.PARTITIONED);
        PlanNode fragment = new AggregateNode(join, List.of(0), List.of(), KEY);

        Map<Integer, Double> weights = CostModel.weights(fragment, Map.of());

        assertThat(weights.get(0)).isCloseTo(CostModel.NETWORK + CostModel.PROBE + CostModel.AGGREGATE, within(1e-9));
        assertThat(weights.get(1)).isCloseTo(CostModel.NETWORK + CostModel.BUILD, within(1e-9));
    }

    @Test
    void aSortCostsMorePerByteTheMoreRowsItSorts() {
        PlanNode sort = new SortNode(new RemoteSourceNode(0, KEY), List.of());
        ProducerSamples.Estimate few = new ProducerSamples.Estimate(1_000, 8_000, 1, 8_000, false);
        ProducerSamples.Estimate many = new ProducerSamples.Estimate(1_000, 8_000, 1, 8_000_000_000L, false);

        double fewWeight = CostModel.weights(sort, Map.of(0, few)).get(0);
        double manyWeight = CostModel.weights(sort, Map.of(0, many)).get(0);

        assertThat(manyWeight).isGreaterThan(fewWeight);
        assertThat(CostModel.sortWeight(1L << 20)).isCloseTo(CostModel.PROBE, within(1e-9));
        assertThat(CostModel.sortWeight(1L << 30)).isCloseTo(1.5 * CostModel.PROBE, within(1e-9));
    }

    @Test
    void aStagesCostIsItsInputsBytesTimesTheirWeights() {
        PlanNode fragment = new AggregateNode(new RemoteSourceNode(3, KEY), List.of(0), List.of(), KEY);
        ProducerSamples.Estimate input = new ProducerSamples.Estimate(100, 1_000, 1, 1_000_000, false);
        Stage stage = new Stage(7, fragment, OutputPartitioning.SINGLE, 2, List.of(3), false);

        assertThat(CostModel.cost(stage, Map.of(3, input)))
                .isEqualTo((long) Math.ceil(1_000_000 * (CostModel.NETWORK + CostModel.AGGREGATE)));
    }
}
