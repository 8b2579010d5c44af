package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestTaskPlacement {
    private static final List<String> WORKERS = List.of("http://w0", "http://w1", "http://w2");
    private static final RowType KEYS = new RowType(List.of("o_orderkey"), List.of(DataType.BIGINT));

    @Test
    void aScanTaskGoesToTheSameWorkerForTheSameSplitWhateverRanBefore() {
        Stage scan = leaf(new TableScanNode("tpch", "sf1", "orders", KEYS));
        TaskPlacement first = new TaskPlacement(WORKERS, new AtomicInteger(0));
        TaskPlacement later = new TaskPlacement(WORKERS, new AtomicInteger(7));
        later.forTasks(SHUFFLED, unpinned(2), new long[2]);

        assertThat(later.forTasks(scan, unpinned(4), new long[4]))
                .isEqualTo(first.forTasks(scan, unpinned(4), new long[4]));
    }

    @Test
    void theTasksOfAScanStageSpreadOverEveryWorker() {
        Stage scan = leaf(new FilterNode(new TableScanNode("tpch", "sf1", "lineitem", KEYS), null));
        TaskPlacement placement = new TaskPlacement(WORKERS, new AtomicInteger(0));

        List<String> workers = placement.forTasks(scan, unpinned(3), new long[3]);

        assertThat(workers).containsExactlyInAnyOrderElementsOf(WORKERS);
    }

    @Test
    void otherTasksWithoutEstimatesGoRoundRobin() {
        TaskPlacement placement = new TaskPlacement(WORKERS, new AtomicInteger(0));

        List<String> workers = placement.forTasks(SHUFFLED, unpinned(4), new long[4]);
        List<String> next = placement.forTasks(SHUFFLED, unpinned(2), new long[2]);

        assertThat(workers).containsExactly("http://w0", "http://w1", "http://w2", "http://w0");
        assertThat(next).containsExactly("http://w1", "http://w2");
    }

    @Test
    void pinnedTasksStayAndTheOthersGoCostliestFirstToTheLeastLoadedWorker() {
        TaskPlacement placement = new TaskPlacement(WORKERS.subList(0, 2), new AtomicInteger(0));
        // skew.hot: two pieces of the hot bucket on their producers' workers, and three ranges beside them.
        List<Optional<String>> pinned = List.of(
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of("http://w0"),
                Optional.of("http://w1"));
        long[] costs = {2_000, 21_000, 5_000, 70_500, 70_500};

        List<String> workers = placement.forTasks(SHUFFLED, pinned, costs);

        assertThat(workers.subList(3, 5)).containsExactly("http://w0", "http://w1");
        // 21,000 on one worker, then 5,000 and 2,000 on the other: 91,500 and 77,500.
        assertThat(workers.get(1)).isNotEqualTo(workers.get(2));
        assertThat(workers.get(0)).isEqualTo(workers.get(2));
    }

    @Test
    void aScanStageKeepsItsSplitsWorkersWhateverTheCosts() {
        Stage scan = leaf(new TableScanNode("tpch", "sf1", "orders", KEYS));
        TaskPlacement placement = new TaskPlacement(WORKERS, new AtomicInteger(0));

        List<String> workers = placement.forTasks(scan, unpinned(3), new long[] {1, 100, 10_000});

        assertThat(workers).isEqualTo(placement.forTasks(scan, unpinned(3), new long[3]));
    }

    private static final Stage SHUFFLED =
            new Stage(1, new RemoteSourceNode(0, KEYS), OutputPartitioning.SINGLE, 2, List.of(0), false);

    private static List<Optional<String>> unpinned(int tasks) {
        return java.util.Collections.nCopies(tasks, Optional.empty());
    }

    private static Stage leaf(PlanNode fragment) {
        return new Stage(0, fragment, OutputPartitioning.SINGLE, 4, List.of(), true);
    }
}
