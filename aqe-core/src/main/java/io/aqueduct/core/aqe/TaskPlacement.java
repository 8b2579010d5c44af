package io.aqueduct.core.aqe;

import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.stage.Stage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Chooses the worker of each task. A task that scans a table goes to the same worker whenever it reads the same split
 * (part {@code i} of {@code n} of that table), so that the worker's split cache has it from the last run; the tasks of
 * one scan stage still spread over all workers, starting from a worker chosen by the table. A task pinned to a worker
 * (one that reads a producer's output whole, where that producer runs) goes there. Other tasks go, costliest first, to
 * the worker with the least estimated cost of the stage so far, then the fewest of its tasks, ties spreading
 * round-robin from where the previous stage stopped: without estimates, that is round-robin.
 */
public final class TaskPlacement {
    private final List<String> workerUrls;
    private final AtomicInteger next;

    public TaskPlacement(List<String> workerUrls, AtomicInteger next) {
        this.workerUrls = List.copyOf(workerUrls);
        this.next = next;
    }

    /** The worker of task {@code task} of the {@code taskCount} tasks scanning {@code table}. */
    private String forScanTask(TableScanNode table, int task, int taskCount) {
        // String hashes are the same in every JVM, so the choice survives a coordinator restart.
        int first = "%s.%s.%s/%d"
                .formatted(table.catalog(), table.schema(), table.table(), taskCount)
                .hashCode();
        return workerUrls.get(Math.floorMod(first + task, workerUrls.size()));
    }

    /**
     * The worker of each of the stage's tasks: {@code pinned.get(i)} where present, else as the class comment says,
     * task {@code i} costing {@code costs[i]}.
     */
    public List<String> forTasks(Stage stage, List<Optional<String>> pinned, long[] costs) {
        int taskCount = pinned.size();
        String[] workers = new String[taskCount];
        Map<String, Long> load = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        List<Integer> free = new ArrayList<>();
        Optional<TableScanNode> scan = firstScan(stage.fragment());
        for (int task = 0; task < taskCount; task++) {
            if (pinned.get(task).isPresent()) {
                place(workers, task, pinned.get(task).get(), costs[task], load, count);
            } else if (scan.isPresent()) {
                place(workers, task, forScanTask(scan.get(), task, taskCount), costs[task], load, count);
            } else {
                free.add(task);
            }
        }
        free.sort(Comparator.comparingLong((Integer task) -> costs[task]).reversed());
        int start = next.getAndAdd(free.size());
        for (int task : free) {
            String least = null;
            for (int i = 0; i < workerUrls.size(); i++) {
                String worker = workerUrls.get(Math.floorMod(start + i, workerUrls.size()));
                if (least == null || lessLoaded(worker, least, load, count)) {
                    least = worker;
                }
            }
            place(workers, task, least, costs[task], load, count);
        }
        return List.of(workers);
    }

    private static boolean lessLoaded(String worker, String than, Map<String, Long> load, Map<String, Integer> count) {
        int byCost = Long.compare(load.getOrDefault(worker, 0L), load.getOrDefault(than, 0L));
        return byCost < 0 || (byCost == 0 && count.getOrDefault(worker, 0) < count.getOrDefault(than, 0));
    }

    private static void place(
            String[] workers, int task, String worker, long cost, Map<String, Long> load, Map<String, Integer> count) {
        workers[task] = worker;
        load.merge(worker, cost, Long::sum);
        count.merge(worker, 1, Integer::sum);
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
