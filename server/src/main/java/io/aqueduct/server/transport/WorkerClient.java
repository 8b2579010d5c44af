package io.aqueduct.server.transport;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.protocol.ErrorInfo;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.MemoryRelease;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.protocol.TaskInfo;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerInfo;
import io.aqueduct.core.protocol.WorkerTransport;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import okhttp3.Call;
import okhttp3.ConnectionPool;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * The HTTP transport of the worker protocol ({@link WorkerTransport}) over OkHttp, used by the coordinator (create, poll, cancel tasks) and by
 * tasks pulling their inputs (result streams). Every request carries the cluster secret.
 *
 * <pre>{@code
 * WorkerClient client = new WorkerClient(secret);
 * TaskStatus status = client.createTask("http://127.0.0.1:9001", spec);
 * }</pre>
 */
public final class WorkerClient implements WorkerTransport, AutoCloseable {
    private static final MediaType JSON = MediaType.get("application/json");
    /** A status request with these parameters waits until the task is sampled ({@link #awaitSampled}). */
    public static final String SAMPLE_BUDGET_PARAMETER = "sampleBudgetBytes";

    public static final String DRIVING_ROWS_PARAMETER = "drivingRows";
    public static final String MAX_WAIT_PARAMETER = "maxWaitMillis";

    private final OkHttpClient http;
    private final OkHttpClient streaming;
    private final ClusterSecret secret;

    public WorkerClient(ClusterSecret secret) {
        this.secret = secret;
        // Retries cover a pooled connection the worker closed meanwhile, not a worker that is gone.
        this.http = new OkHttpClient.Builder()
                .connectTimeout(Duration.ofSeconds(5))
                .readTimeout(Duration.ofSeconds(30))
                .retryOnConnectionFailure(true)
                .socketFactory(new NoDelaySockets())
                .build();
        // Result streams wait as long as their producer computes; liveness is the coordinator's job.
        // They get their own connections: an aborted stream must not poison the control calls' pool.
        this.streaming = http.newBuilder()
                .readTimeout(Duration.ZERO)
                .connectionPool(new ConnectionPool())
                .build();
        http.dispatcher().setMaxRequestsPerHost(256);
    }

    @Override
    public TaskStatus createTask(String workerUrl, TaskSpec spec) {
        Request request = request(workerUrl + "/v1/task")
                .post(RequestBody.create(Json.toBytes(spec), JSON))
                .build();
        return call(request, TaskStatus.class, workerUrl);
    }

    @Override
    public TaskStatus taskStatus(TaskLocation task) {
        return call(
                request(task.workerUrl() + "/v1/task/" + task.taskId()).get().build(),
                TaskStatus.class,
                task.workerUrl());
    }

    @Override
    public TaskStatus awaitSampled(TaskLocation task, SampleWait wait) {
        HttpUrl url = HttpUrl.get(task.workerUrl() + "/v1/task/" + task.taskId())
                .newBuilder()
                .addQueryParameter(SAMPLE_BUDGET_PARAMETER, Long.toString(wait.budgetBytes()))
                .addQueryParameter(DRIVING_ROWS_PARAMETER, Long.toString(wait.drivingRows()))
                .addQueryParameter(MAX_WAIT_PARAMETER, Long.toString(wait.maxWaitMillis()))
                .build();
        return call(request(url.toString()).get().build(), TaskStatus.class, task.workerUrl());
    }

    /** The key profile of what the task's late-bound head sampled. */
    @Override
    public KeySample keySample(TaskLocation task) {
        return call(
                request(task.workerUrl() + "/v1/task/" + task.taskId() + "/sample")
                        .get()
                        .build(),
                KeySample.class,
                task.workerUrl());
    }

    /** Binds a late-bound producer task's output: how to route it, into how many partitions. */
    @Override
    public void bindOutput(TaskLocation task, OutputBinding binding) {
        Request request = request(task.workerUrl() + "/v1/task/" + task.taskId() + "/output")
                .post(RequestBody.create(Json.toBytes(binding), JSON))
                .build();
        try (Response response = http.newCall(request).execute()) {
            if (!response.isSuccessful()) {
                throw errorResponse(
                        task.workerUrl(), response.code(), response.body().string());
            }
        } catch (IOException e) {
            throw new AqueductException(
                    ErrorCode.WORKER_UNAVAILABLE,
                    "Worker " + task.workerUrl() + " is unreachable: " + e.getMessage(),
                    e);
        }
    }

    /**
     * Cancels the task if it still runs and releases it once it stopped (the worker waits up to 10 s for that).
     * Returns the task's final info, or empty when the worker or the task is gone or the worker failed to answer:
     * best effort, since the worker reaps abandoned tasks by itself.
     */
    @Override
    public void releaseMemory(String workerUrl, MemoryRelease release) {
        Request request = request(workerUrl + "/v1/memory/release")
                .post(RequestBody.create(Json.toBytes(release), JSON))
                .build();
        try (Response response = http.newCall(request).execute()) {
            if (!response.isSuccessful()) {
                throw errorResponse(workerUrl, response.code(), response.body().string());
            }
        } catch (IOException e) {
            throw new AqueductException(
                    ErrorCode.WORKER_UNAVAILABLE, "Worker " + workerUrl + " is unreachable: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<TaskInfo> cancelTask(TaskLocation task) {
        Request request =
                request(task.workerUrl() + "/v1/task/" + task.taskId()).delete().build();
        try (Response response = http.newCall(request).execute()) {
            if (!response.isSuccessful()) {
                return Optional.empty();
            }
            return Optional.of(Json.MAPPER.readValue(response.body().string(), TaskInfo.class));
        } catch (IOException e) {
            // the worker is gone; its tasks are gone with it
            return Optional.empty();
        }
    }

    /** What the task did so far: its operators' and exchanges' metrics, live while it runs. */
    @Override
    public TaskInfo taskInfo(TaskLocation task) {
        return call(
                request(task.workerUrl() + "/v1/task/" + task.taskId() + "/info")
                        .get()
                        .build(),
                TaskInfo.class,
                task.workerUrl());
    }

    public WorkerInfo info(String workerUrl) {
        return call(request(workerUrl + "/v1/info").get().build(), WorkerInfo.class, workerUrl);
    }

    @Override
    public ResultCall results(TaskLocation task, List<Integer> partitions) {
        String partitionList = partitions.stream().map(String::valueOf).collect(Collectors.joining(","));
        Request request = request(task.workerUrl() + "/v1/task/" + task.taskId() + "/results/" + partitionList)
                .get()
                .build();
        Call call = streaming.newCall(request);
        return new ResultCall() {
            @Override
            public ResultStream open() throws IOException {
                Response response = call.execute();
                if (!response.isSuccessful()) {
                    String body = response.body().string();
                    response.close();
                    throw errorResponse(task.workerUrl(), response.code(), body);
                }
                return new HttpResultStream(call, response);
            }

            @Override
            public void cancel() {
                call.cancel();
            }
        };
    }

    /** An open result stream: its body and the call to cancel to abandon it. */
    private record HttpResultStream(Call call, Response response) implements ResultStream {
        @Override
        public InputStream body() {
            return response.body().byteStream();
        }

        @Override
        public void abort() {
            call.cancel();
        }

        @Override
        public void close() {
            call.cancel();
            response.close();
        }
    }

    private Request.Builder request(String url) {
        return new Request.Builder().url(url).header(ClusterSecret.HEADER, secret.value());
    }

    private <T> T call(Request request, Class<T> type, String workerUrl) {
        try (Response response = http.newCall(request).execute()) {
            String body = response.body().string();
            if (!response.isSuccessful()) {
                throw errorResponse(workerUrl, response.code(), body);
            }
            return Json.MAPPER.readValue(body, type);
        } catch (IOException e) {
            throw new AqueductException(
                    ErrorCode.WORKER_UNAVAILABLE, "Worker " + workerUrl + " is unreachable: " + e.getMessage(), e);
        }
    }

    private static AqueductException errorResponse(String workerUrl, int status, String body) {
        try {
            return Json.MAPPER.readValue(body, ErrorInfo.class).toException();
        } catch (IOException | RuntimeException e) {
            return new AqueductException(
                    ErrorCode.WORKER_UNAVAILABLE, "Worker " + workerUrl + " answered HTTP " + status);
        }
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
        streaming.connectionPool().evictAll();
        try {
            http.dispatcher().executorService().awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
