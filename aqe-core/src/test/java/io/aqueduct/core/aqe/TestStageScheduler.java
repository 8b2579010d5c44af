package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.protocol.ForwardingTransport;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskState;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The order in which {@link StageScheduler} decides stages that wait for samples, on in-process workers: a stage whose
 * producers are sampled is not held back by one listed before it whose producers are not.
 */
class TestStageScheduler {
    /** Two aggregations on different keys, each its own shuffled stage reading its own scan, under one union. */
    private static final String TWO_AGGREGATIONS =
            "SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY l_orderkey"
                    + " UNION ALL SELECT o_custkey, sum(o_totalprice) FROM orders GROUP BY o_custkey";

    private static final SettingValues ADAPTIVE = SettingValues.defaults();
    private static final SettingValues STATIC = SettingValues.defaults()
            .with("distributed.dynamic_task_count", "false")
            .with("distributed.fixed_task_count", "2");

    private BufferAllocator allocator;
    private InProcessQueries queries;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator(2L << 30);
        queries = new InProcessQueries(allocator);
    }

    @AfterEach
    void tearDown() {
        queries.close();
        allocator.close();
    }

    @Test
    void decidesTheStageWhoseProducersAreSampledBeforeOneListedEarlierThatWaits() {
        StagePlan plan = queries.plan("tiny", TWO_AGGREGATIONS, ADAPTIVE);
        List<Stage> shuffled = plan.stages().stream()
                .filter(stage -> !stage.leaf() && !stage.sourceStageIds().isEmpty())
                .filter(stage -> stage.sourceStageIds().stream()
                        .allMatch(id -> plan.stage(id).leaf()))
                .toList();
        assertThat(shuffled).as("the two aggregation stages of %s", plan).hasSize(2);
        Stage first = shuffled.get(0);
        Stage second = shuffled.get(1);
        // The first one's producers look unsampled until the second one's tasks are created (or 30 s passed).
        GatedSamples gated =
                new GatedSamples(queries.workers(), first.sourceStageIds().get(0), second.id());

        InProcessQueries.Run run = queries.run("tiny", TWO_AGGREGATIONS, ADAPTIVE, gated);

        assertThat(gated.openedByTheOtherStage())
                .as("stage %d started while stage %d's producers were not sampled", second.id(), first.id())
                .isTrue();
        assertThat(run.schedules().stream().map(StageSchedule::stageId)).containsSubsequence(second.id(), first.id());
        assertThat(run.rows())
                .hasSizeGreaterThan(15_000)
                .isEqualTo(queries.run("tiny", TWO_AGGREGATIONS, STATIC).rows());
    }

    @Test
    void bindsAStagesProducersWhileItsTasksAreCreated() {
        String aggregation = "SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY l_orderkey";
        StagePlan plan = queries.plan("tiny", aggregation, ADAPTIVE);
        Stage consumer = plan.stages().stream()
                .filter(stage -> !stage.leaf() && !stage.sourceStageIds().isEmpty())
                .findFirst()
                .orElseThrow();
        BindingsAwaitingCreations transport = new BindingsAwaitingCreations(queries.workers(), consumer.id());

        InProcessQueries.Run run = queries.run("tiny", aggregation, ADAPTIVE, transport);

        assertThat(transport.boundWhileCreating())
                .as("stage %d's producers were bound while its tasks were being created", consumer.id())
                .isTrue();
        assertThat(run.rows())
                .isEqualTo(queries.run("tiny", aggregation, STATIC).rows());
    }

    /**
     * Waiting for a scan stage's samples takes one long poll of each of its tasks that are not sampled yet, all at once,
     * and no status call; the polls' answers carry the key profiles, so deciding the consumer asks for none: every
     * round trip to a busy worker costs milliseconds the consumer waits.
     */
    @Test
    void looksAtAProducersTasksByLongPollsOnly() {
        String aggregation = "SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY l_orderkey";
        StagePlan plan = queries.plan("tiny", aggregation, ADAPTIVE);
        Stage scan = plan.stages().stream().filter(Stage::leaf).findFirst().orElseThrow();
        CountedLooks transport = new CountedLooks(queries.workers(), scan.id());

        InProcessQueries.Run run = queries.run("tiny", aggregation, ADAPTIVE, transport);

        assertThat(transport.statusCalls.get())
                .as("status calls to the scan's tasks")
                .isZero();
        assertThat(transport.keySampleCalls.get())
                .as("key sample calls to the scan's tasks")
                .isZero();
        assertThat(transport.polls.get())
                .as("long polls of the scan's tasks")
                .isGreaterThanOrEqualTo(scan.plannedTaskCount());
        assertThat(run.rows())
                .isEqualTo(queries.run("tiny", aggregation, STATIC).rows());
    }

    /**
     * A producer that samples nothing for a while (its output comes at its end, as an aggregation's does) is looked at by
     * long polls that its worker ends when it has sampled: not by one round trip per task every 20 ms meanwhile.
     */
    @Test
    void waitsForASlowProducerInFewLongPolls() {
        String aggregation = "SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY l_orderkey";
        StagePlan plan = queries.plan("tiny", aggregation, ADAPTIVE);
        Stage scan = plan.stages().stream().filter(Stage::leaf).findFirst().orElseThrow();
        SilentForAWhile transport = new SilentForAWhile(queries.workers(), scan.id(), 600);

        InProcessQueries.Run run = queries.run("tiny", aggregation, ADAPTIVE, transport);

        assertThat(transport.polls.get())
                .as("long polls of the scan's %d tasks during 600 ms", scan.plannedTaskCount())
                .isLessThanOrEqualTo(8 * scan.plannedTaskCount());
        assertThat(run.rows())
                .isEqualTo(queries.run("tiny", aggregation, STATIC).rows());
    }

    /**
     * The workers as the coordinator sees them, except that one stage's tasks report nothing sampled for the first
     * {@code silentMillis} after the first long poll of them, each poll waiting as long as it asks to meanwhile.
     */
    private static final class SilentForAWhile extends ForwardingTransport {
        private final int silentStage;
        private final long silentMillis;
        private final AtomicLong firstPollNanos = new AtomicLong();
        final AtomicInteger polls = new AtomicInteger();

        SilentForAWhile(WorkerTransport workers, int silentStage, long silentMillis) {
            super(workers);
            this.silentStage = silentStage;
            this.silentMillis = silentMillis;
        }

        @Override
        public TaskStatus awaitSampled(TaskLocation task, SampleWait wait) {
            if (stageOf(task) != silentStage) {
                return super.awaitSampled(task, wait);
            }
            polls.incrementAndGet();
            firstPollNanos.compareAndSet(0, System.nanoTime());
            long silentLeft = silentMillis - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - firstPollNanos.get());
            if (silentLeft <= 0) {
                return super.awaitSampled(task, wait);
            }
            try {
                Thread.sleep(Math.min(silentLeft, wait.maxWaitMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new TaskStatus(task.taskId(), TaskState.RUNNING, 0, 0, 0, 0, false, false, 0, null, null);
        }
    }

    /** The workers as the coordinator sees them, counting the status calls and long polls of one stage's tasks. */
    private static final class CountedLooks extends ForwardingTransport {
        private final int countedStage;
        final AtomicInteger statusCalls = new AtomicInteger();
        final AtomicInteger polls = new AtomicInteger();
        final AtomicInteger keySampleCalls = new AtomicInteger();

        CountedLooks(WorkerTransport workers, int countedStage) {
            super(workers);
            this.countedStage = countedStage;
        }

        @Override
        public TaskStatus taskStatus(TaskLocation task) {
            if (stageOf(task) == countedStage) {
                statusCalls.incrementAndGet();
            }
            return super.taskStatus(task);
        }

        @Override
        public KeySample keySample(TaskLocation task) {
            if (stageOf(task) == countedStage) {
                keySampleCalls.incrementAndGet();
            }
            return super.keySample(task);
        }

        @Override
        public TaskStatus awaitSampled(TaskLocation task, SampleWait wait) {
            if (stageOf(task) == countedStage) {
                polls.incrementAndGet();
            }
            return super.awaitSampled(task, wait);
        }
    }

    /**
     * The workers as the coordinator sees them, except that the tasks of one producer stage report nothing sampled
     * until the tasks of another stage are created: as if that producer were slow.
     */
    private static final class GatedSamples extends ForwardingTransport {
        private final int gatedStage;
        private final int openingStage;
        private final CountDownLatch open = new CountDownLatch(1);
        private volatile boolean openedByTheOtherStage;

        GatedSamples(WorkerTransport workers, int gatedStage, int openingStage) {
            super(workers);
            this.gatedStage = gatedStage;
            this.openingStage = openingStage;
        }

        boolean openedByTheOtherStage() {
            return openedByTheOtherStage;
        }

        private boolean gated(TaskLocation task) {
            return open.getCount() > 0 && stageOf(task) == gatedStage;
        }

        private TaskStatus seen(TaskLocation task, TaskStatus status) {
            if (!gated(task) || status.state() == TaskState.FAILED) {
                return status;
            }
            return new TaskStatus(status.taskId(), TaskState.RUNNING, 0, 0, 0, 0, false, false, 0, null, null);
        }

        @Override
        public TaskStatus createTask(String workerUrl, TaskSpec spec) {
            if (spec.stageId() == openingStage) {
                openedByTheOtherStage = open.getCount() > 0;
                open.countDown();
            }
            return super.createTask(workerUrl, spec);
        }

        @Override
        public TaskStatus taskStatus(TaskLocation task) {
            if (gated(task)) {
                // Without the other stage, the gate opens by itself: a scheduler that waits here is slow, not hung.
                awaitOrOpen(open);
                return seen(task, super.taskStatus(task));
            }
            return super.taskStatus(task);
        }

        @Override
        public TaskStatus awaitSampled(TaskLocation task, SampleWait wait) {
            if (gated(task)) {
                return taskStatus(task);
            }
            return super.awaitSampled(task, wait);
        }
    }

    /**
     * The workers as the coordinator sees them, except that binding a producer of {@code consumerStage} waits until one
     * of that stage's tasks is being created: a scheduler that binds before it creates waits 30 s on every binding.
     */
    private static final class BindingsAwaitingCreations extends ForwardingTransport {
        private final int consumerStage;
        private final CountDownLatch creating = new CountDownLatch(1);
        private volatile boolean boundWhileCreating = true;

        BindingsAwaitingCreations(WorkerTransport workers, int consumerStage) {
            super(workers);
            this.consumerStage = consumerStage;
        }

        boolean boundWhileCreating() {
            return boundWhileCreating;
        }

        @Override
        public TaskStatus createTask(String workerUrl, TaskSpec spec) {
            if (spec.stageId() == consumerStage) {
                creating.countDown();
            }
            return super.createTask(workerUrl, spec);
        }

        @Override
        public void bindOutput(TaskLocation task, OutputBinding binding) {
            if (producerOf(task)) {
                boundWhileCreating &= awaitOrOpen(creating);
            }
            super.bindOutput(task, binding);
        }

        private boolean producerOf(TaskLocation task) {
            return creating.getCount() > 0 && stageOf(task) != consumerStage;
        }
    }

    /** The stage of a task, from its id ({@code query.stage.task}). */
    private static int stageOf(TaskLocation task) {
        return Integer.parseInt(task.taskId().split("\\.")[1]);
    }

    /** Waits up to 30 s for the latch; whether it opened, else opens it so that later waits do not wait again. */
    private static boolean awaitOrOpen(CountDownLatch latch) {
        try {
            if (latch.await(30, TimeUnit.SECONDS)) {
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        latch.countDown();
        return false;
    }
}
