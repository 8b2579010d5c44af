package io.aqueduct.core.worker;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.TaskInputs;
import io.aqueduct.core.plan.DrivingInput;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.protocol.ExchangeMetrics;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.WorkerTransport;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A worker task's leaves: its share of the connector's table, and upstream output, read from this worker's memory or
 * through the worker transport.
 */
final class TransportTaskInputs implements TaskInputs {
    private final TaskSpec spec;
    private final AtomicLong drivingRows;
    /** The input the fragment's output streams from, whose rows {@code drivingRows} counts. */
    private final Optional<PlanNode> drivingInput;

    private final ConnectorRegistry connectors;
    private final WorkerTransport client;
    /** This worker's task at a location, if the location is this worker's and the task still here. */
    private final Function<TaskLocation, Optional<TaskExecution>> localTasks;

    private final ExecutorService exchangeExecutor;
    private final List<RemoteExchange> exchanges = new CopyOnWriteArrayList<>();

    /** An exchange this task built, with the stage it reads. */
    private record RemoteExchange(int sourceStageId, ExchangeOperator operator) {}

    TransportTaskInputs(
            TaskSpec spec,
            AtomicLong drivingRows,
            ConnectorRegistry connectors,
            WorkerTransport client,
            Function<TaskLocation, Optional<TaskExecution>> localTasks,
            ExecutorService exchangeExecutor) {
        this.spec = spec;
        this.drivingRows = drivingRows;
        this.drivingInput = DrivingInput.of(spec.fragment());
        this.connectors = connectors;
        this.client = client;
        this.localTasks = localTasks;
        this.exchangeExecutor = exchangeExecutor;
    }

    @Override
    public Operator scan(TableScanNode node, ExecutionContext context) {
        Operator scan =
                connectors.connector(node.catalog()).createScan(node, spec.taskIndex(), spec.taskCount(), context);
        return countIfDriving(node, scan);
    }

    /** The write's rows go to the connector under this task's query id, which names the write. */
    @Override
    public Operator write(TableWriteNode node, Operator input, ExecutionContext context) {
        return connectors.connector(node.catalog()).createWrite(node, spec.queryId(), input, context);
    }

    private Operator countIfDriving(PlanNode node, Operator operator) {
        return drivingInput.filter(node::equals).isPresent()
                ? new RowCountingOperator(operator, drivingRows)
                : operator;
    }

    @Override
    public Operator remoteSource(RemoteSourceNode node, ExecutionContext context) {
        RemoteSource source = spec.remoteSources().get(node.stageId());
        if (source == null) {
            throw new IllegalStateException("Task " + spec.taskId() + " has no producers for stage " + node.stageId());
        }
        List<ProducerReader> producers = source.producers().stream()
                .map(producer -> reader(producer, source.partitions()))
                .toList();
        ExchangeOperator exchange = new ExchangeOperator(node.outputType(), producers, exchangeExecutor, context);
        exchanges.add(new RemoteExchange(node.stageId(), exchange));
        return countIfDriving(node, exchange);
    }

    /**
     * A producer in this worker is read straight from its output buffer, any other through the transport: with two
     * workers, half of a shuffle's traffic never crosses a socket.
     */
    private ProducerReader reader(TaskLocation producer, List<Integer> partitions) {
        return localTasks
                .apply(producer)
                .<ProducerReader>map(task -> new LocalProducerReader(task, partitions))
                .orElseGet(() -> new RemoteProducerReader(client, producer, partitions));
    }

    /** What the task's exchanges received so far, in the order they were built; callable from any thread. */
    List<ExchangeMetrics> exchangeMetrics() {
        return exchanges.stream()
                .map(exchange -> exchange.operator().metrics(exchange.sourceStageId()))
                .toList();
    }
}
