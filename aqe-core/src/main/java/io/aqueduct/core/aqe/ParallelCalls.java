package io.aqueduct.core.aqe;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * One round trip per task, all at once: a producer stage's statuses or key samples take the time of the slowest
 * task's call instead of the sum of them. The caller waits interruptibly: a canceled query's scheduling thread stops
 * at once instead of after the long polls it waits for.
 */
final class ParallelCalls {
    private ParallelCalls() {}

    /**
     * {@code call} applied to every task on {@code calls}, results in the tasks' order; rethrows the first failure, and
     * a {@code QUERY_CANCELED} error if the waiting thread is interrupted (the calls then end on their own).
     */
    static <T, R> List<R> each(List<T> tasks, Function<T, R> call, Executor calls) {
        List<CompletableFuture<R>> futures = new ArrayList<>(tasks.size());
        for (T task : tasks) {
            futures.add(CompletableFuture.supplyAsync(() -> call.apply(task), calls));
        }
        try {
            CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Interrupted while waiting for workers");
        } catch (ExecutionException e) {
            // Every call has ended: awaitAll below returns at once, rethrowing the failure as it was thrown.
        }
        StageScheduler.awaitAll(futures);
        return futures.stream().map(CompletableFuture::join).toList();
    }
}
