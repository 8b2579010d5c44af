package io.aqueduct.server.membership;

import io.aqueduct.core.protocol.WorkerInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workers a coordinator knows and whether each answers. The coordinator probes every worker's
 * {@code /v1/info} on a short interval (a worker that announces itself with {@code worker --coordinator}
 * is added by {@link #register}); a worker that fails one probe, or does not answer within the probe
 * timeout, is {@link WorkerState#UNREACHABLE} and out of scheduling until a probe succeeds again. Probing
 * from the coordinator rather than waiting for the workers' heartbeats means one mechanism decides
 * liveness, and a worker that is killed is noticed on the next probe (its port refuses at once).
 */
public final class WorkerMembership implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerMembership.class);

    /** A worker as last probed: {@code info} is null while it does not answer. */
    public record Member(String url, WorkerState state, WorkerInfo info, long lastAnsweredEpochMillis) {}

    private final Function<String, WorkerInfo> probe;
    private final Duration probeTimeout;
    /** In the order the workers became known: configuration order first, then registration order. */
    private final Map<String, Member> members = new LinkedHashMap<>();
    /** Workers with a probe still out: a worker that hangs is not asked again until it answers or fails. */
    private final Set<String> probing = ConcurrentHashMap.newKeySet();
    /** Held by the probe round under way. */
    private final Object probeRound = new Object();

    private final ExecutorService probes = Executors.newCachedThreadPool(daemon("worker-probe"));
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(daemon("membership"));

    /**
     * @param probe asks a worker for its info, throwing when it cannot
     * @param probeTimeout how long a probe may take before the worker counts as unreachable
     */
    public WorkerMembership(List<String> workerUrls, Function<String, WorkerInfo> probe, Duration probeTimeout) {
        this.probe = probe;
        this.probeTimeout = probeTimeout;
        for (String url : workerUrls) {
            members.put(url, new Member(url, WorkerState.ACTIVE, null, 0));
        }
    }

    /** Probes every worker now and then every {@code interval}. */
    public void start(Duration interval) {
        probeAll();
        ticker.scheduleWithFixedDelay(
                this::probeRoundQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A failure must not end the schedule: a scheduled task that throws is never run again. */
    private void probeRoundQuietly() {
        try {
            probeAll();
        } catch (RuntimeException e) {
            LOG.error("Probing the workers failed", e);
        }
    }

    /** Adds a worker that announced itself (no-op when known) and probes it at once. */
    public void register(String url) {
        boolean added;
        synchronized (this) {
            added = members.putIfAbsent(url, new Member(url, WorkerState.UNREACHABLE, null, 0)) == null;
        }
        if (added) {
            LOG.info("Worker {} registered", url);
            probeAll();
        }
    }

    /** The workers to schedule on now, in membership order. */
    public synchronized List<String> activeUrls() {
        return members.values().stream()
                .filter(member -> member.state() == WorkerState.ACTIVE)
                .map(Member::url)
                .toList();
    }

    /** Every known worker's URL, active or not. */
    public synchronized List<String> knownUrls() {
        return List.copyOf(members.keySet());
    }

    /** Every known worker as last probed. */
    public synchronized List<Member> members() {
        return List.copyOf(members.values());
    }

    /**
     * Probes every worker at once and waits up to the probe timeout for the answers; a worker that has
     * not answered by then is unreachable (until its late answer, if it comes, says otherwise). Rounds
     * run one at a time, so that a caller does not mistake another round's probes for hung ones.
     */
    public void probeAll() {
        synchronized (probeRound) {
            List<String> urls;
            synchronized (this) {
                urls = new ArrayList<>(members.keySet());
            }
            Map<String, CompletableFuture<Void>> asked = new LinkedHashMap<>();
            for (String url : urls) {
                if (probing.add(url)) {
                    asked.put(
                            url,
                            CompletableFuture.supplyAsync(() -> probe.apply(url), probes)
                                    .handle((info, failure) -> {
                                        probing.remove(url);
                                        record(url, info, failure);
                                        return null;
                                    }));
                } else {
                    record(url, null, new IllegalStateException("its probe of an earlier round has not answered"));
                }
            }
            try {
                CompletableFuture.allOf(asked.values().toArray(CompletableFuture[]::new))
                        .get(probeTimeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                asked.forEach((url, answer) -> {
                    if (!answer.isDone()) {
                        record(url, null, new IllegalStateException("no answer within " + probeTimeout));
                    }
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // each probe handles its own failure
            }
        }
    }

    private synchronized void record(String url, WorkerInfo info, Throwable failure) {
        Member before = members.get(url);
        if (before == null) {
            return;
        }
        Member after = info != null
                ? new Member(url, WorkerState.ACTIVE, info, System.currentTimeMillis())
                : new Member(url, WorkerState.UNREACHABLE, null, before.lastAnsweredEpochMillis());
        members.put(url, after);
        if (before.state() != after.state() || before.info() == null && info != null) {
            if (after.state() == WorkerState.ACTIVE) {
                LOG.info("Worker {} is ACTIVE", url);
            } else {
                LOG.warn("Worker {} is UNREACHABLE: {}", url, failure == null ? "no answer" : failure.getMessage());
            }
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        probes.shutdownNow();
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, "aqueduct-" + name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
