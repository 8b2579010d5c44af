package io.aqueduct.core.protocol;

import java.util.List;
import java.util.Optional;

/**
 * A {@link WorkerTransport} that passes every call on to another: tests override the calls they watch or delay.
 *
 * <pre>{@code
 * WorkerTransport slowBinds = new ForwardingTransport(workers) {
 *     public void bindOutput(TaskLocation task, OutputBinding binding) { pause(); super.bindOutput(task, binding); }
 * };
 * }</pre>
 */
public class ForwardingTransport implements WorkerTransport {
    private final WorkerTransport delegate;

    public ForwardingTransport(WorkerTransport delegate) {
        this.delegate = delegate;
    }

    @Override
    public TaskStatus createTask(String workerUrl, TaskSpec spec) {
        return delegate.createTask(workerUrl, spec);
    }

    @Override
    public TaskStatus taskStatus(TaskLocation task) {
        return delegate.taskStatus(task);
    }

    @Override
    public TaskStatus awaitSampled(TaskLocation task, SampleWait wait) {
        return delegate.awaitSampled(task, wait);
    }

    @Override
    public KeySample keySample(TaskLocation task) {
        return delegate.keySample(task);
    }

    @Override
    public void bindOutput(TaskLocation task, OutputBinding binding) {
        delegate.bindOutput(task, binding);
    }

    @Override
    public Optional<TaskInfo> cancelTask(TaskLocation task) {
        return delegate.cancelTask(task);
    }

    @Override
    public TaskInfo taskInfo(TaskLocation task) {
        return delegate.taskInfo(task);
    }

    @Override
    public void releaseMemory(String workerUrl, MemoryRelease release) {
        delegate.releaseMemory(workerUrl, release);
    }

    @Override
    public ResultCall results(TaskLocation task, List<Integer> partitions) {
        return delegate.results(task, partitions);
    }
}
