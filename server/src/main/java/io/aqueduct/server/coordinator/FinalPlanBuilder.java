package io.aqueduct.server.coordinator;

import io.aqueduct.core.aqe.AqeDecision;
import io.aqueduct.core.aqe.DecisionInputs;
import io.aqueduct.core.aqe.ProducerSamples;
import io.aqueduct.core.aqe.StageSchedule;
import io.aqueduct.core.exec.OperatorMetrics;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.protocol.ExchangeMetrics;
import io.aqueduct.core.protocol.TaskInfo;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.stage.StagePlanPrinter;
import io.aqueduct.server.finalplan.FinalPlan;
import io.aqueduct.server.finalplan.OperatorRun;
import io.aqueduct.server.finalplan.StageOutput;
import io.aqueduct.server.finalplan.StageRun;
import io.aqueduct.server.finalplan.TaskRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

/**
 * Assembles the {@link FinalPlan} of an ended query from its stage plan, the schedule each stage ran
 * with, and the final task infos its workers sent back when its tasks were released.
 */
final class FinalPlanBuilder {
    private FinalPlanBuilder() {}

    /** Everything known of a query when it ended. */
    record EndedQuery(
            String queryId,
            String sql,
            String user,
            FinalPlan.State state,
            long startEpochMillis,
            long elapsedMillis,
            long resultRows,
            String error,
            StagePlan initialPlan,
            StagePlan stagePlan,
            List<StageSchedule> schedules,
            Map<Integer, List<TaskLocation>> tasksByStage,
            Map<String, TaskInfo> taskInfos) {}

    static FinalPlan build(EndedQuery query) {
        List<AqeDecision> allDecisions = query.schedules().stream()
                .flatMap(schedule -> schedule.decisions().stream())
                .toList();
        List<StageRun> stages = new ArrayList<>();
        // Children before parents, as in the plan that ran (a stage added at runtime has the highest id).
        List<Stage> planned = query.stagePlan().stages();
        List<StageSchedule> inPlanOrder = query.schedules().stream()
                .sorted(Comparator.comparingInt(
                        schedule -> planned.indexOf(query.stagePlan().stage(schedule.stageId()))))
                .toList();
        for (StageSchedule schedule : inPlanOrder) {
            Stage stage = query.stagePlan().stage(schedule.stageId());
            boolean switched = schedule.decision(AqeDecision.BROADCAST_SWITCH).isPresent();
            List<TaskRun> tasks = tasks(query, schedule);
            stages.add(new StageRun(
                    stage.id(),
                    output(query, stage),
                    schedule.plannedTasks(),
                    schedule.taskCount(),
                    estimatedBytes(stage.id(), allDecisions).orElse(-1L),
                    schedule.decisions(),
                    plannedFragment(query.initialPlan(), stage, switched),
                    operators(stage.fragment(), switched, tasks),
                    tasks));
        }
        return new FinalPlan(
                query.queryId(),
                query.sql(),
                query.user(),
                query.state(),
                query.startEpochMillis(),
                query.elapsedMillis(),
                query.resultRows(),
                query.error(),
                stages);
    }

    private static List<TaskRun> tasks(EndedQuery query, StageSchedule schedule) {
        List<TaskLocation> locations = query.tasksByStage().getOrDefault(schedule.stageId(), List.of());
        List<TaskRun> tasks = new ArrayList<>();
        for (int index = 0; index < locations.size(); index++) {
            TaskLocation location = locations.get(index);
            String buckets = schedule.tasks().get(index).buckets();
            TaskInfo info = query.taskInfos().get(location.taskId());
            tasks.add(info == null ? unreported(index, location, buckets) : taskRun(query, index, info, buckets));
        }
        return tasks;
    }

    private static TaskRun taskRun(EndedQuery query, int index, TaskInfo info, String buckets) {
        long scanRows = info.operators().stream()
                .filter(operator -> operator.operator().equals("TableScan"))
                .mapToLong(OperatorMetrics::outputRows)
                .sum();
        long receivedRows = sum(info.exchanges(), ExchangeMetrics::rowsReceived);
        long networkBytes = sum(info.exchanges(), ExchangeMetrics::networkBytesReceived);
        long localBytes = sum(info.exchanges(), ExchangeMetrics::localBytesReceived);
        long networkNanos = sum(info.exchanges(), ExchangeMetrics::networkNanos);
        return new TaskRun(
                index,
                info.taskId(),
                info.workerUrl(),
                buckets,
                info.state().name(),
                Math.max(0, info.startEpochMillis() - query.startEpochMillis()),
                Math.max(0, info.endEpochMillis() - query.startEpochMillis()),
                scanRows + receivedRows,
                info.outputRows(),
                info.outputBytes(),
                networkBytes,
                TimeUnit.NANOSECONDS.toMillis(networkNanos),
                localBytes,
                info.peakMemoryBytes(),
                info.operators(),
                info.error() == null ? null : info.error().message());
    }

    private static long sum(List<ExchangeMetrics> exchanges, ToLongFunction<ExchangeMetrics> metric) {
        return exchanges.stream().mapToLong(metric).sum();
    }

    /** A task whose worker did not answer when the query ended: where it ran is all that is known. */
    private static TaskRun unreported(int index, TaskLocation location, String buckets) {
        return new TaskRun(
                index,
                location.taskId(),
                location.workerUrl(),
                buckets,
                "UNKNOWN",
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                List.of(),
                "the worker sent no final metrics");
    }

    /** The fragment's operators in pre-order, each with its metrics summed over the tasks. */
    private static List<OperatorRun> operators(PlanNode fragment, boolean switchedToBroadcast, List<TaskRun> tasks) {
        List<OperatorRun> operators = new ArrayList<>();
        collect(fragment, 0, switchedToBroadcast, tasks, operators);
        return operators;
    }

    private static void collect(
            PlanNode node, int depth, boolean switchedToBroadcast, List<TaskRun> tasks, List<OperatorRun> operators) {
        int id = operators.size();
        PlanNode shown = switchedToBroadcast
                        && node instanceof JoinNode join
                        && join.distribution() == JoinDistribution.PARTITIONED
                ? join.distributed(join.probe(), join.build(), JoinDistribution.BROADCAST)
                : node;
        List<OperatorMetrics> metrics = tasks.stream()
                .map(task -> task.operators().stream()
                        .filter(m -> m.operatorId() == id)
                        .findFirst()
                        .orElse(null))
                .filter(Objects::nonNull)
                .toList();
        String description = StagePlanPrinter.describe(shown);
        operators.add(new OperatorRun(
                id,
                depth,
                description.split(" ", 2)[0],
                description,
                metrics.stream().mapToLong(OperatorMetrics::outputRows).sum(),
                metrics.stream().mapToLong(OperatorMetrics::outputBytes).sum(),
                metrics.stream().mapToLong(OperatorMetrics::batches).sum(),
                metrics.stream().mapToLong(OperatorMetrics::elapsedNanos).sum(),
                metrics.stream().mapToLong(OperatorMetrics::selfNanos).sum(),
                metrics.stream()
                        .mapToLong(OperatorMetrics::peakMemoryBytes)
                        .max()
                        .orElse(0),
                summedCounters(metrics)));
        for (PlanNode source : node.sources()) {
            collect(source, depth + 1, switchedToBroadcast, tasks, operators);
        }
    }

    private static Map<String, Long> summedCounters(List<OperatorMetrics> metrics) {
        Map<String, Long> sums = new TreeMap<>();
        metrics.forEach(m -> m.counters().forEach((name, count) -> sums.merge(name, count, Long::sum)));
        return sums;
    }

    /** The stage's operators as planned, when a runtime switch changed them; else null. */
    private static PlanNode plannedFragment(StagePlan initialPlan, Stage stage, boolean switchedToBroadcast) {
        if (switchedToBroadcast) {
            return stage.fragment();
        }
        return initialPlan
                .find(stage.id())
                .map(Stage::fragment)
                .filter(fragment -> !fragment.equals(stage.fragment()))
                .orElse(null);
    }

    /** The output estimate a consumer's decision made of this stage, if one did. */
    private static Optional<Long> estimatedBytes(int stageId, List<AqeDecision> decisions) {
        return decisions.stream()
                .map(d -> d.inputs().producerEstimates().get(stageId))
                .filter(Objects::nonNull)
                .map(ProducerSamples.Estimate::bytes)
                .findFirst();
    }

    /**
     * The boundary above the stage as it ran: a broadcast switch turns the join's shuffles around, a
     * partitioned switch makes a broadcast a shuffle and adds the probe side's stage.
     */
    private static StageOutput output(EndedQuery query, Stage stage) {
        StagePlan plan = query.stagePlan();
        if (stage.id() == plan.root().id()) {
            return StageOutput.asPlanned(StageOutput.Boundary.result());
        }
        int consumer = plan.consumerOf(stage.id()).id();
        StageOutput.Boundary ran = StageOutput.Boundary.of(stage.outputPartitioning(), consumer);
        Optional<Stage> initial = query.initialPlan().find(stage.id());
        if (initial.isEmpty()) {
            return StageOutput.added(ran);
        }
        if (!initial.get().outputPartitioning().equals(stage.outputPartitioning())) {
            return StageOutput.switched(
                    ran,
                    StageOutput.Boundary.of(
                            initial.get().outputPartitioning(),
                            query.initialPlan().consumerOf(stage.id()).id()));
        }
        Optional<AqeDecision> switched = query.schedules().stream()
                .filter(schedule -> schedule.stageId() == consumer)
                .flatMap(schedule -> schedule.decision(AqeDecision.BROADCAST_SWITCH).stream())
                .findFirst();
        if (switched.isEmpty()) {
            return StageOutput.asPlanned(ran);
        }
        boolean build = switched.get().inputs() instanceof DecisionInputs.BroadcastSwitch inputs
                && inputs.buildStage() == stage.id();
        StageOutput.Kind kind = build ? StageOutput.Kind.BROADCAST : StageOutput.Kind.FORWARD;
        return StageOutput.switched(new StageOutput.Boundary(kind, List.of(), consumer), ran);
    }
}
