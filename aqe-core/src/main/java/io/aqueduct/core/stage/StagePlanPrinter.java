package io.aqueduct.core.stage;

import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.GenerateSeriesNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.plan.WindowNode;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a stage plan as text lines, root stage first: each stage with its task count and the
 * boundary it feeds, then its operators, remote sources naming the stage they read.
 */
public final class StagePlanPrinter {
    private StagePlanPrinter() {}

    public static List<String> lines(StagePlan plan) {
        List<String> lines = new ArrayList<>();
        for (int i = plan.stages().size() - 1; i >= 0; i--) {
            Stage stage = plan.stages().get(i);
            lines.add("Stage " + stage.id() + " [" + stage.plannedTaskCount() + " task"
                    + (stage.plannedTaskCount() == 1 ? "" : "s") + ", " + output(plan, stage) + "]");
            print(stage.fragment(), 1, lines);
        }
        return lines;
    }

    /** Where a stage's output goes: the boundary and its consumer, or the coordinator. */
    public static String output(StagePlan plan, Stage stage) {
        return stage == plan.root()
                ? "result to coordinator"
                : stage.outputPartitioning().boundaryName() + describeKeys(stage.outputPartitioning()) + " to stage "
                        + plan.consumerOf(stage.id()).id();
    }

    /** A fragment's operators, one per line, indented by depth starting at {@code depth}. */
    public static List<String> fragment(PlanNode node, int depth) {
        List<String> lines = new ArrayList<>();
        print(node, depth, lines);
        return lines;
    }

    private static String describeKeys(OutputPartitioning partitioning) {
        return partitioning.keys().isEmpty() ? "" : " on " + partitioning.keys();
    }

    private static void print(PlanNode node, int depth, List<String> lines) {
        lines.add("  ".repeat(depth) + describe(node));
        for (PlanNode source : node.sources()) {
            print(source, depth + 1, lines);
        }
    }

    /** One line describing the node itself, without its sources. */
    public static String describe(PlanNode node) {
        if (node instanceof TableScanNode scan) {
            return "TableScan " + scan.catalog() + "." + scan.schema() + "." + scan.table() + " "
                    + scan.outputType().names();
        }
        if (node instanceof FilterNode filter) {
            return "Filter " + filter.predicate();
        }
        if (node instanceof ProjectNode project) {
            return "Project " + project.projections();
        }
        if (node instanceof AggregateNode aggregate) {
            return "Aggregate keys=" + aggregate.groupKeys() + " "
                    + aggregate.aggregates().stream()
                            .map(a -> a.function().name().toLowerCase()
                                    + a.arguments()
                                    + (a.order().isEmpty() ? "" : " order=" + a.order()))
                            .toList();
        }
        if (node instanceof JoinNode join) {
            return "HashJoin " + join.joinType() + " " + join.distribution() + " probe" + join.probeKeys() + " = build"
                    + join.buildKeys() + (join.residual() == null ? "" : " where " + join.residual());
        }
        if (node instanceof SortNode sort) {
            return "Sort " + sort.keys();
        }
        if (node instanceof WindowNode window) {
            return "Window partition=" + window.partitionKeys() + " order=" + window.orderKeys() + " "
                    + window.calls().stream()
                            .map(c -> c.function().name().toLowerCase() + c.arguments() + " " + c.frame())
                            .toList();
        }
        if (node instanceof TopNNode topN) {
            return "TopN " + topN.count() + " " + topN.keys();
        }
        if (node instanceof LimitNode limit) {
            return "Limit " + limit.count() + (limit.offset() == 0 ? "" : " offset " + limit.offset());
        }
        if (node instanceof RemoteSourceNode remote) {
            return "RemoteSource stage " + remote.stageId();
        }
        if (node instanceof UnionNode) {
            return "UnionAll";
        }
        if (node instanceof ValuesNode values) {
            return "Values " + values.rows().size() + " rows";
        }
        if (node instanceof GenerateSeriesNode series) {
            return series.outputType().type(0).kind() == TypeKind.TIMESTAMP
                    ? "GenerateSeries " + DateTimes.formatTimestamp(series.start()) + " to "
                            + DateTimes.formatTimestamp(series.stop()) + " step " + series.step()
                            + (series.monthStep() ? " months" : " microseconds")
                    : "GenerateSeries " + series.start() + " to " + series.stop() + " step " + series.step();
        }
        if (node instanceof TableWriteNode write) {
            return "TableWrite " + write.catalog() + "." + write.schema() + "." + write.table();
        }
        return node.getClass().getSimpleName();
    }
}
