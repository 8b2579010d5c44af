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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TestTaskPlacement {
    private static final List<String> WORKERS = List.of("http://w0", "http://w1", "http://w2");
    private static final RowType KEYS = new RowType(List.of("o_orderkey"), List.of(DataType.BIGINT));

    @Test
    void aScanTaskGoesToTheSameWorkerForTheSameSplitWhateverRanBefore() {
        Stage scan = leaf(new TableScanNode("tpch", "sf1", "orders", KEYS));
        TaskPlacement first = new TaskPlacement(WORKERS, new AtomicInteger(0));
        TaskPlacement later = new TaskPlacement(WORKERS, new AtomicInteger(7));
        later.next();

        for (int task = 0; task < 4; task++) {
            assertThat(later.forTask(scan, task, 4)).isEqualTo(first.forTask(scan, task, 4));
        }
    }

    @Test
    void theTasksOfAScanStageSpreadOverEveryWorker() {
        Stage scan = leaf(new FilterNode(new TableScanNode("tpch", "sf1", "lineitem", KEYS), null));
        TaskPlacement placement = new TaskPlacement(WORKERS, new AtomicInteger(0));

        List<String> workers = IntStream.range(0, 3)
                .mapToObj(task -> placement.forTask(scan, task, 3))
                .toList();

        assertThat(workers).containsExactlyInAnyOrderElementsOf(WORKERS);
    }

    @Test
    void otherTasksGoRoundRobin() {
        Stage shuffled = new Stage(1, new RemoteSourceNode(0, KEYS), OutputPartitioning.SINGLE, 2, List.of(0), false);
        TaskPlacement placement = new TaskPlacement(WORKERS, new AtomicInteger(0));

        List<String> workers = new ArrayList<>();
        for (int task = 0; task < 4; task++) {
            workers.add(placement.forTask(shuffled, task, 4));
        }

        assertThat(workers).containsExactly("http://w0", "http://w1", "http://w2", "http://w0");
    }

    private static Stage leaf(PlanNode fragment) {
        return new Stage(0, fragment, OutputPartitioning.SINGLE, 4, List.of(), true);
    }
}
