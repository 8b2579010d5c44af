package io.aqueduct.core.aqe;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Spreads tasks over the workers round-robin, continuing where the previous query stopped. */
public final class TaskPlacement {
    private final List<String> workerUrls;
    private final AtomicInteger next;

    public TaskPlacement(List<String> workerUrls, AtomicInteger next) {
        this.workerUrls = List.copyOf(workerUrls);
        this.next = next;
    }

    public String next() {
        return workerUrls.get(Math.floorMod(next.getAndIncrement(), workerUrls.size()));
    }
}
