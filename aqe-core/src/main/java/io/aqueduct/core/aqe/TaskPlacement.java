package io.aqueduct.core.aqe;

import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.stage.Stage;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Chooses the worker of each task. A task that scans a table goes to the same worker whenever it reads the same split
 * (part {@code i} of {@code n} of that table), so that the worker's split cache has it from the last run; the tasks of
 * one scan stage still spread over all workers, starting from a worker chosen by the table. Other tasks spread
 * round-robin, continuing where the previous query stopped.
 */
public final class TaskPlacement {
    private final List<String> workerUrls;
    private final AtomicInteger next;

    public TaskPlacement(List<String> workerUrls, AtomicInteger next) {
        this.workerUrls = List.copyOf(workerUrls);
        this.next = next;
    }

    /** The worker of task {@code task} of the {@code taskCount} tasks of {@code stage}. */
    public String forTask(Stage stage, int task, int taskCount) {
        Optional<TableScanNode> scan = firstScan(stage.fragment());
        if (scan.isEmpty()) {
            return next();
        }
        TableScanNode table = scan.get();
        // String hashes are the same in every JVM, so the choice survives a coordinator restart.
        int first = "%s.%s.%s/%d"
                .formatted(table.catalog(), table.schema(), table.table(), taskCount)
                .hashCode();
        return workerUrls.get(Math.floorMod(first + task, workerUrls.size()));
    }

    public String next() {
        return workerUrls.get(Math.floorMod(next.getAndIncrement(), workerUrls.size()));
    }

    private static Optional<TableScanNode> firstScan(PlanNode node) {
        if (node instanceof TableScanNode scan) {
            return Optional.of(scan);
        }
        for (PlanNode source : node.sources()) {
            Optional<TableScanNode> scan = firstScan(source);
            if (scan.isPresent()) {
                return scan;
            }
        }
        return Optional.empty();
    }
}
