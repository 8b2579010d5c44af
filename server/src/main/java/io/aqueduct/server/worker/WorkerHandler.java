package io.aqueduct.server.worker;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.memory.MemoryStore;
import io.aqueduct.core.protocol.ErrorInfo;
import io.aqueduct.core.protocol.MemoryRelease;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.worker.TaskExecution;
import io.aqueduct.core.worker.TaskManager;
import io.aqueduct.core.worker.TaskResults;
import io.aqueduct.server.transport.ClusterSecret;
import io.aqueduct.server.transport.Json;
import io.aqueduct.server.transport.WorkerClient;
import java.io.IOException;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;

/**
 * The worker's HTTP endpoints, all behind the cluster secret:
 *
 * <ul>
 *   <li>{@code POST /v1/task} creates and starts a task from a JSON {@link TaskSpec};
 *   <li>{@code GET /v1/task/{id}} returns its status; with {@code ?sampleBudgetBytes=B&drivingRows=R&maxWaitMillis=M}
 *       once its late-bound head sampled B bytes or R driving rows, its input ended, its output was bound or it
 *       ended, waiting at most M ms; {@code DELETE /v1/task/{id}} cancels it if it still runs,
 *       waits for it to stop, frees it and returns its final {@link io.aqueduct.core.protocol.TaskInfo};
 *   <li>{@code GET /v1/task/{id}/info} returns its {@link io.aqueduct.core.protocol.TaskInfo} so far;
 *   <li>{@code POST /v1/task/{id}/output} binds the task's late-bound output ({@link OutputBinding});
 *   <li>{@code GET /v1/task/{id}/sample} returns the key profile of the output sampled before the binding;
 *   <li>{@code GET /v1/task/{id}/results/{p1,p2,...}} streams output partitions, interleaved, as one Arrow IPC
 *       stream;
 *   <li>{@code POST /v1/memory/release} releases rows of the memory catalog stored here ({@link MemoryRelease});
 *   <li>{@code GET /v1/info} describes the worker.
 * </ul>
 */
final class WorkerHandler extends AbstractHandler {
    private static final Pattern TASK = Pattern.compile("/v1/task/([A-Za-z0-9._-]+)");
    private static final Pattern OUTPUT = Pattern.compile("/v1/task/([A-Za-z0-9._-]+)/output");
    private static final Pattern SAMPLE = Pattern.compile("/v1/task/([A-Za-z0-9._-]+)/sample");
    private static final Pattern INFO = Pattern.compile("/v1/task/([A-Za-z0-9._-]+)/info");
    private static final Pattern RESULTS = Pattern.compile("/v1/task/([A-Za-z0-9._-]+)/results/(\\d+(?:,\\d+)*)");

    /** The longest a status request waits for its task to be sampled: a Jetty thread is held meanwhile. */
    private static final long MAX_STATUS_WAIT_MILLIS = 1_000;

    private final TaskManager tasks;
    private final MemoryStore memoryStore;
    private final ClusterSecret secret;
    private final String workerUrl;

    WorkerHandler(TaskManager tasks, MemoryStore memoryStore, ClusterSecret secret, String workerUrl) {
        this.tasks = tasks;
        this.memoryStore = memoryStore;
        this.secret = secret;
        this.workerUrl = workerUrl;
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        baseRequest.setHandled(true);
        if (!secret.matches(request.getHeader(ClusterSecret.HEADER))) {
            response.sendError(HttpServletResponse.SC_UNAUTHORIZED, "Missing or wrong cluster secret");
            return;
        }
        try {
            route(target, request, response);
        } catch (AqueductException e) {
            sendError(response, e);
        } catch (IOException e) {
            throw e;
        } catch (RuntimeException e) {
            sendError(response, new AqueductException(ErrorCode.INTERNAL_ERROR, e.toString(), e));
        }
    }

    private void route(String target, HttpServletRequest request, HttpServletResponse response) throws IOException {
        String method = request.getMethod();
        Matcher results = RESULTS.matcher(target);
        Matcher task = TASK.matcher(target);
        Matcher output = OUTPUT.matcher(target);
        Matcher sample = SAMPLE.matcher(target);
        Matcher info = INFO.matcher(target);
        if (results.matches() && method.equals("GET")) {
            int[] partitions = Arrays.stream(results.group(2).split(","))
                    .mapToInt(Integer::parseInt)
                    .toArray();
            streamResults(tasks.task(results.group(1)), partitions, response);
        } else if (target.equals("/v1/task") && method.equals("POST")) {
            TaskSpec spec = Json.MAPPER.readValue(request.getInputStream(), TaskSpec.class);
            sendJson(response, tasks.create(spec));
        } else if (output.matches() && method.equals("POST")) {
            OutputBinding binding = Json.MAPPER.readValue(request.getInputStream(), OutputBinding.class);
            tasks.task(output.group(1)).output().bind(binding);
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
        } else if (sample.matches() && method.equals("GET")) {
            sendJson(response, tasks.task(sample.group(1)).output().keySample());
        } else if (task.matches() && method.equals("GET")) {
            sendJson(response, status(tasks.task(task.group(1)), request));
        } else if (task.matches() && method.equals("DELETE")) {
            sendJson(response, tasks.remove(task.group(1)));
        } else if (info.matches() && method.equals("GET")) {
            sendJson(response, tasks.task(info.group(1)).info());
        } else if (target.equals("/v1/memory/release") && method.equals("POST")) {
            Json.MAPPER.readValue(request.getInputStream(), MemoryRelease.class).applyTo(memoryStore);
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
        } else if (target.equals("/v1/info") && method.equals("GET")) {
            sendJson(response, tasks.info());
        } else {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    /**
     * The task's status; with a sample budget and a maximum wait (a coordinator's long poll), once the task is
     * sampled or the wait is over.
     */
    private static TaskStatus status(TaskExecution task, HttpServletRequest request) {
        String budget = request.getParameter(WorkerClient.SAMPLE_BUDGET_PARAMETER);
        String drivingRows = request.getParameter(WorkerClient.DRIVING_ROWS_PARAMETER);
        String maxWait = request.getParameter(WorkerClient.MAX_WAIT_PARAMETER);
        if (budget == null || drivingRows == null || maxWait == null) {
            return task.status();
        }
        try {
            return task.statusOnceSampled(new SampleWait(
                    Long.parseLong(budget),
                    Long.parseLong(drivingRows),
                    Math.min(MAX_STATUS_WAIT_MILLIS, Long.parseLong(maxWait))));
        } catch (NumberFormatException e) {
            throw new AqueductException(ErrorCode.INTERNAL_ERROR, "Bad status wait: " + e.getMessage());
        }
    }

    /** Writes the partitions as an Arrow IPC stream, batch by batch as the task produces them. */
    private static void streamResults(TaskExecution task, int[] partitions, HttpServletResponse response)
            throws IOException {
        TaskResults results = TaskResults.await(task, partitions);
        response.setContentType("application/vnd.apache.arrow.stream");
        results.write(response.getOutputStream());
    }

    private static void sendJson(HttpServletResponse response, Object value) throws IOException {
        response.setContentType("application/json");
        response.getOutputStream().write(Json.toBytes(value));
    }

    private void sendError(HttpServletResponse response, AqueductException e) throws IOException {
        if (response.isCommitted()) {
            // Mid-stream: breaking the connection is the only signal left; the reader asks for the status.
            throw new IOException(e.getMessage(), e);
        }
        response.setStatus(e.errorCode() == ErrorCode.INVALID_ARGUMENT ? 404 : 500);
        sendJson(response, ErrorInfo.of(e, workerUrl));
    }
}
