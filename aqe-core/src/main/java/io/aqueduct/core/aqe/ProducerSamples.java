package io.aqueduct.core.aqe;

import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.DrivingInput;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.stage.Stage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * A producer stage's output size, estimated at runtime from what its tasks' late-bound heads sampled:
 * waits until its tasks have sampled enough, then extrapolates by completion where the producer's
 * output streams from one input ({@link DrivingInput}): the share of a table's rows its scans read, or
 * the share of a stage's estimated output its probe side read. Elsewhere (an aggregation outputs at its
 * end) what was sampled is a lower bound until the producer ends. Estimates are kept per stage, so a
 * stage's consumers extrapolate from its producers' estimates, level by level.
 */
public final class ProducerSamples {
    /**
     * The longest pause between two looks at the producers' statuses when they read a stage's output together, spent in
     * a long poll of a task not sampled yet, which ends as soon as that task is: the tasks together may have read
     * enough before each task its share, which only the coordinator sees.
     */
    private static final long POLL_MILLIS = 20;
    /**
     * The longest a long poll waits where each task's answer settles the wait (each reads its share of a table, or the
     * input is unknown): its worker answers as soon as the task sampled enough, its input ended, or it was bound or
     * closed. Polled every {@link #POLL_MILLIS}, a producer whose output comes at its end (an aggregation) cost a round
     * trip per task every 20 ms, a tenth of the coordinator's CPU in a 250 ms query. A canceled query's scheduling
     * thread may wait this long for the poll it is in.
     */
    private static final long SETTLED_BY_TASK_POLL_MILLIS = 200;

    private static final double MIN_COMPLETION = 0.001;
    /**
     * The completion at which a streaming producer's sample is enough to extrapolate from, even short of
     * its byte budget: waiting longer makes the consumer start later (it would otherwise overlap with
     * the producer) for little gain in accuracy.
     */
    static final double ENOUGH_COMPLETION = 0.1;

    private final long sampleBudgetBytes;
    private final Function<TableScanNode, TableStatistics> statistics;
    private final WorkerTransport client;
    /**
     * The latest estimate of each producer stage, which its consumers' own estimates build on; written by the
     * scheduling thread, read by the threads that wait for several stages' samples at once ({@link #awaitSampled}).
     */
    private final Map<Integer, Estimate> estimates = new ConcurrentHashMap<>();
    /**
     * The statuses a wait for a producer stage's samples ended on ({@link #awaitSampled}), taken by the next {@link
     * #await} of that stage, which then estimates from them instead of asking the tasks again.
     */
    private final Map<Integer, List<TaskStatus>> sampledStatuses = new ConcurrentHashMap<>();
    /** The key profile each producer task's last long poll answered with, by task id ({@link #keySample}). */
    private final Map<String, KeySample> keySamples = new ConcurrentHashMap<>();

    /** @param sampleBudgetBytes what a producer task's late-bound head samples before its consumer is decided from it */
    public ProducerSamples(
            long sampleBudgetBytes, Function<TableScanNode, TableStatistics> statistics, WorkerTransport client) {
        this.sampleBudgetBytes = sampleBudgetBytes;
        this.statistics = statistics;
        this.client = client;
    }

    /**
     * A producer task's key profile: the one its long poll answered with once it was sampled, else asked of its worker
     * (a round trip the consumer's decision waits for).
     */
    KeySample keySample(TaskLocation task) {
        KeySample polled = keySamples.get(task.taskId());
        return polled != null ? polled : client.keySample(task);
    }

    /** The statistics of the table {@code scan} reads. */
    TableStatistics statistics(TableScanNode scan) {
        return statistics.apply(scan);
    }

    /** A producer stage's output, extrapolated from what its tasks sampled. */
    public record Estimate(long sampledRows, long sampledBytes, double completion, long bytes, boolean lowerBound) {
        /** The rows the estimated bytes stand for, at the sample's bytes per row. */
        public long rows() {
            return sampledBytes == 0 ? sampledRows : (long) ((double) bytes * sampledRows / sampledBytes);
        }
    }

    /**
     * The rows a producer's tasks will read from their driving input ({@link DrivingInput}): each task
     * its own equal share of a table ({@code perTask}), or all tasks together the output of a stage,
     * which may itself be only a lower bound. Without one, a producer's sample is a lower bound until
     * it ends.
     */
    record ExpectedInput(long rows, boolean perTask, boolean lowerBound) {
        static final Optional<ExpectedInput> UNKNOWN = Optional.empty();

        /** The tasks split a table of {@code rows} rows into equal shares. */
        static Optional<ExpectedInput> tableShares(long rows) {
            return Optional.of(new ExpectedInput(rows, true, false));
        }

        /** The tasks read a stage's output of about {@code rows} rows between them. */
        static Optional<ExpectedInput> stageOutput(long rows, boolean lowerBound) {
            return Optional.of(new ExpectedInput(rows, false, lowerBound));
        }
    }

    /**
     * Waits until the producer's tasks are sampled enough (see {@link #awaitSampled}), then extrapolates
     * its output and keeps the estimate for the stages that read it.
     */
    Estimate await(Stage producer, Map<Integer, List<TaskLocation>> tasksByStage, Executor calls) {
        List<TaskLocation> tasks = tasksByStage.get(producer.id());
        Optional<ExpectedInput> expected = expectedInput(producer, tasksByStage, calls);
        List<TaskStatus> sampled = sampledStatuses.remove(producer.id());
        if (sampled == null) {
            sampled = awaitSampled(tasks, expected, ProducerSamples::interrupted, calls);
        }
        Estimate estimate = extrapolate(expected, sampled);
        estimates.put(producer.id(), estimate);
        return estimate;
    }

    /**
     * Waits, on any thread, until the producer's tasks are sampled enough for {@link #await} to return at once,
     * without estimating (it estimates from the statuses this wait ended on): so that the producers of several
     * stages can be waited for together, the first stage whose producers are ready being decided first. Stops with a {@code QUERY_CANCELED} error once {@code
     * abandoned} says so. {@code calls} runs the round trips to the tasks, all at once.
     */
    public void awaitSampled(
            Stage producer, Map<Integer, List<TaskLocation>> tasksByStage, BooleanSupplier abandoned, Executor calls) {
        sampledStatuses.put(
                producer.id(),
                awaitSampled(
                        tasksByStage.get(producer.id()),
                        expectedInput(producer, tasksByStage, calls),
                        abandoned,
                        calls));
    }

    private static boolean interrupted() {
        return Thread.currentThread().isInterrupted();
    }

    private Optional<ExpectedInput> expectedInput(
            Stage producer, Map<Integer, List<TaskLocation>> tasksByStage, Executor calls) {
        Optional<PlanNode> driving = DrivingInput.of(producer.fragment());
        if (driving.isPresent() && driving.get() instanceof TableScanNode scan) {
            return ExpectedInput.tableShares(statistics.apply(scan).rowCount());
        }
        if (driving.isPresent() && driving.get() instanceof RemoteSourceNode remote) {
            List<TaskStatus> source = statuses(tasksByStage.get(remote.stageId()), calls);
            if (source.stream().allMatch(TaskStatus::inputFinished)) {
                return ExpectedInput.stageOutput(
                        source.stream().mapToLong(TaskStatus::outputRows).sum(), false);
            }
            Estimate sourceEstimate = estimates.get(remote.stageId());
            if (sourceEstimate != null) {
                return ExpectedInput.stageOutput(sourceEstimate.rows(), sourceEstimate.lowerBound());
            }
        }
        return ExpectedInput.UNKNOWN;
    }

    /**
     * A producer's output from its tasks' samples. A task whose input ended counts exactly. Reading equal
     * shares of a table, an unfinished task's sampled bytes are divided by its completion (the driving rows
     * it had read when its last sampled batch came out / its share); reading a stage's output together, the
     * unfinished tasks' sampled bytes by theirs (their driving rows / what the finished ones left of the
     * expected rows). Without an expected input an unfinished task's sample is only a lower bound.
     */
    static Estimate extrapolate(Optional<ExpectedInput> expected, List<TaskStatus> statuses) {
        long rows = statuses.stream().mapToLong(TaskStatus::sampledRows).sum();
        long sampled = statuses.stream().mapToLong(TaskStatus::sampledBytes).sum();
        if (expected.isPresent() && !expected.get().perTask()) {
            return extrapolateTogether(expected.get(), statuses, rows, sampled);
        }
        long expectedPerTask = expected.map(input -> input.rows() / Math.max(1, statuses.size()))
                .orElse(0L);
        double estimated = 0;
        double minCompletion = 1;
        boolean lowerBound = false;
        for (TaskStatus status : statuses) {
            double completion = 1;
            if (!status.inputFinished()) {
                if (expectedPerTask > 0) {
                    completion = Math.min(1, (double) status.sampledDrivingRows() / expectedPerTask);
                } else {
                    lowerBound = true;
                }
            }
            minCompletion = Math.min(minCompletion, completion);
            estimated += status.sampledBytes() / Math.max(completion, MIN_COMPLETION);
        }
        return new Estimate(rows, sampled, minCompletion, (long) Math.min(estimated, Long.MAX_VALUE), lowerBound);
    }

    private static Estimate extrapolateTogether(
            ExpectedInput expected, List<TaskStatus> statuses, long rows, long sampled) {
        long finishedBytes = 0;
        long finishedDriving = 0;
        long runningBytes = 0;
        long runningDriving = 0;
        boolean running = false;
        for (TaskStatus status : statuses) {
            if (status.inputFinished()) {
                finishedBytes += status.sampledBytes();
                finishedDriving += status.sampledDrivingRows();
            } else {
                running = true;
                runningBytes += status.sampledBytes();
                runningDriving += status.sampledDrivingRows();
            }
        }
        if (!running) {
            return new Estimate(rows, sampled, 1, sampled, false);
        }
        long left = Math.max(0, expected.rows() - finishedDriving);
        double runningCompletion = left == 0 ? 1 : Math.min(1, (double) runningDriving / left);
        double estimated = finishedBytes + runningBytes / Math.max(runningCompletion, MIN_COMPLETION);
        double completion =
                expected.rows() == 0 ? 1 : Math.min(1, (double) (finishedDriving + runningDriving) / expected.rows());
        return new Estimate(
                rows,
                sampled,
                completion,
                (long) Math.min(estimated, Long.MAX_VALUE),
                expected.lowerBound() || runningDriving == 0);
    }

    /**
     * Waits until every task's sampler has seen its budget or its whole input, or the tasks have read
     * {@link #ENOUGH_COMPLETION} of their expected driving input (each its share of a table, or all
     * together a stage's output) by the time of their last sampled batch. Each look is one long poll of every task not
     * sampled enough yet, all at once, which its worker answers with the task's status as soon as it is: a look at a
     * busy worker costs milliseconds, and a status call beside each poll doubled them.
     */
    private List<TaskStatus> awaitSampled(
            List<TaskLocation> tasks, Optional<ExpectedInput> expected, BooleanSupplier abandoned, Executor calls) {
        long pollMillis =
                expected.filter(input -> !input.perTask()).isPresent() ? POLL_MILLIS : SETTLED_BY_TASK_POLL_MILLIS;
        SampleWait wait =
                new SampleWait(sampleBudgetBytes, enoughDrivingRowsPerTask(expected, tasks.size()), pollMillis);
        TaskStatus[] statuses = new TaskStatus[tasks.size()];
        List<Integer> allTasks = IntStream.range(0, tasks.size()).boxed().toList();
        List<Integer> polled = allTasks;
        while (true) {
            List<TaskStatus> answers = throwIfFailed(
                    ParallelCalls.each(polled, task -> client.awaitSampled(tasks.get(task), wait), calls));
            for (int i = 0; i < polled.size(); i++) {
                TaskStatus answer = answers.get(i);
                statuses[polled.get(i)] = answer;
                if (answer.keySample() != null) {
                    keySamples.put(answer.taskId(), answer.keySample());
                }
            }
            List<TaskStatus> looked = List.of(statuses);
            if (looked.stream().allMatch(status -> status.sampled(sampleBudgetBytes))
                    || expected.filter(input -> readEnough(input, looked)).isPresent()) {
                return looked;
            }
            if (abandoned.getAsBoolean()) {
                throw new AqueductException(ErrorCode.QUERY_CANCELED, "Interrupted while sampling");
            }
            List<Integer> unsampled = allTasks.stream()
                    .filter(task -> !wait.reached(statuses[task].sampledBytes(), statuses[task].sampledDrivingRows())
                            && !statuses[task].sampled(sampleBudgetBytes))
                    .toList();
            // Every task reached its share, the tasks together not yet (reading a stage's output unevenly): all again.
            polled = unsampled.isEmpty() ? allTasks : unsampled;
        }
    }

    /**
     * The driving rows after which a task has read its share of {@link #ENOUGH_COMPLETION}: when a long poll of it
     * ends to look again (reading a stage's output together, the share is what each would read if they read equally).
     */
    private static long enoughDrivingRowsPerTask(Optional<ExpectedInput> expected, int tasks) {
        return expected.filter(input -> input.rows() > 0)
                .map(input -> Math.max(1, (long) Math.ceil(ENOUGH_COMPLETION * input.rows() / Math.max(1, tasks))))
                .orElse(Long.MAX_VALUE);
    }

    private boolean readEnough(ExpectedInput expected, List<TaskStatus> statuses) {
        if (expected.rows() <= 0) {
            return false;
        }
        if (expected.perTask()) {
            double share = ENOUGH_COMPLETION * expected.rows() / statuses.size();
            return statuses.stream()
                    .allMatch(status -> status.sampled(sampleBudgetBytes) || status.sampledDrivingRows() >= share);
        }
        long read = statuses.stream().mapToLong(TaskStatus::sampledDrivingRows).sum();
        return read >= ENOUGH_COMPLETION * expected.rows();
    }

    private List<TaskStatus> statuses(List<TaskLocation> tasks, Executor calls) {
        return throwIfFailed(ParallelCalls.each(tasks, client::taskStatus, calls));
    }

    /** The statuses, or the failure they show ({@link TaskStatus#failure}) thrown. */
    private static List<TaskStatus> throwIfFailed(List<TaskStatus> statuses) {
        TaskStatus.failure(statuses).ifPresent(failure -> {
            throw failure;
        });
        return statuses;
    }
}
