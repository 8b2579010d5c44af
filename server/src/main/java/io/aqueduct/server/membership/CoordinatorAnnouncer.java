package io.aqueduct.server.membership;

import io.aqueduct.server.transport.ClusterSecret;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's side of {@code worker --coordinator URL}: announces the worker's URL to the coordinator's
 * {@link WorkerAnnouncements} endpoint now and every few seconds, so that a coordinator started (or
 * restarted) after the worker learns of it too. Liveness is the coordinator's probes, not these calls.
 */
public final class CoordinatorAnnouncer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CoordinatorAnnouncer.class);
    private static final Duration INTERVAL = Duration.ofSeconds(2);
    private static final MediaType TEXT = MediaType.get("text/plain; charset=utf-8");

    private final OkHttpClient http = new OkHttpClient.Builder()
            .connectTimeout(Duration.ofSeconds(2))
            .readTimeout(Duration.ofSeconds(5))
            .build();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "aqueduct-announcer");
        thread.setDaemon(true);
        return thread;
    });
    private final String announceUrl;
    private final String workerUrl;
    private final ClusterSecret secret;
    private volatile boolean lastFailed;

    private CoordinatorAnnouncer(String coordinatorUrl, String workerUrl, ClusterSecret secret) {
        String base = coordinatorUrl.startsWith("http") ? coordinatorUrl : "http://" + coordinatorUrl;
        this.announceUrl = base.replaceAll("/+$", "") + WorkerAnnouncements.PATH;
        this.workerUrl = workerUrl;
        this.secret = secret;
    }

    public static CoordinatorAnnouncer start(String coordinatorUrl, String workerUrl, ClusterSecret secret) {
        CoordinatorAnnouncer announcer = new CoordinatorAnnouncer(coordinatorUrl, workerUrl, secret);
        announcer.ticker.scheduleWithFixedDelay(announcer::announce, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
        return announcer;
    }

    private void announce() {
        Request request = new Request.Builder()
                .url(announceUrl)
                .header(ClusterSecret.HEADER, secret.value())
                .post(RequestBody.create(workerUrl, TEXT))
                .build();
        try (Response response = http.newCall(request).execute()) {
            if (!response.isSuccessful()) {
                throw new IOException("answered " + response.code());
            }
            if (lastFailed) {
                LOG.info("Announced {} to {} again", workerUrl, announceUrl);
            }
            lastFailed = false;
        } catch (IOException | RuntimeException e) {
            if (!lastFailed) {
                LOG.warn("Could not announce {} to {}: {}", workerUrl, announceUrl, e.getMessage());
            }
            lastFailed = true;
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }
}
