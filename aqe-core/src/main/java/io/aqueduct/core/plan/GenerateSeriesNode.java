package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.RowType;
import java.util.List;

/**
 * The rows of {@code generate_series(start, stop, step)}: {@code start}, {@code start + step}, ... while not past
 * {@code stop} (below it for a negative step), in one column of {@code outputType}: BIGINT numbers, or TIMESTAMPs in
 * microseconds whose step is microseconds or, with {@code monthStep}, months added one step at a time (as PostgreSQL
 * adds them: Jan 31, Feb 29, Mar 29, ...).
 */
public record GenerateSeriesNode(RowType outputType, long start, long stop, long step, boolean monthStep)
        implements PlanNode {
    @JsonCreator
    public GenerateSeriesNode(
            @JsonProperty("outputType") RowType outputType,
            @JsonProperty("start") long start,
            @JsonProperty("stop") long stop,
            @JsonProperty("step") long step,
            @JsonProperty("monthStep") boolean monthStep) {
        if (step == 0) {
            throw new IllegalArgumentException("A series needs a step other than zero");
        }
        this.outputType = outputType;
        this.start = start;
        this.stop = stop;
        this.step = step;
        this.monthStep = monthStep;
    }

    @Override
    public List<PlanNode> sources() {
        return List.of();
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return PlanNode.leaf(this, newSources);
    }
}
