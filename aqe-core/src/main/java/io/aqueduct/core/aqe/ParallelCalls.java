package io.aqueduct.core.aqe;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * One round trip per task, all at once: a producer stage's statuses or key samples take the time of the slowest
 * task's call instead of the sum of them.
 */
final class ParallelCalls {
    private ParallelCalls() {}

    /** {@code call} applied to every task on {@code calls}, results in the tasks' order; rethrows the first failure. */
    static <T, R> List<R> each(List<T> tasks, Function<T, R> call, Executor calls) {
        if (tasks.size() == 1) {
            return List.of(call.apply(tasks.get(0)));
        }
        List<CompletableFuture<R>> futures = new ArrayList<>(tasks.size());
        for (T task : tasks) {
            futures.add(CompletableFuture.supplyAsync(() -> call.apply(task), calls));
        }
        StageScheduler.awaitAll(futures);
        return futures.stream().map(CompletableFuture::join).toList();
    }
}
