package io.aqueduct.server.coordinator;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Spreads tasks over the workers round-robin, continuing where the previous query stopped. */
final class TaskPlacement {
    private final List<String> workerUrls;
    private final AtomicInteger next;

    TaskPlacement(List<String> workerUrls, AtomicInteger next) {
        this.workerUrls = List.copyOf(workerUrls);
        this.next = next;
    }

    String next() {
        return workerUrls.get(Math.floorMod(next.getAndIncrement(), workerUrls.size()));
    }
}
