/**
 * The worker's task runtime, free of sockets: {@link io.aqueduct.core.worker.TaskManager} holds a worker's tasks,
 * {@link io.aqueduct.core.worker.TaskExecution} runs one fragment into its late-bound
 * {@link io.aqueduct.core.worker.TaskOutput} (sampler, key profile, router, output buffer),
 * {@link io.aqueduct.core.worker.ExchangeOperator} reads upstream tasks, through the transport or, for a task of the
 * same worker, straight from its output buffer, and {@link io.aqueduct.core.worker.TaskResults} serves a task's
 * partitions, as an Arrow IPC stream or batch by batch. The HTTP endpoints
 * around it live in the server.
 *
 * <p>Invariants: a task's state moves from RUNNING to one terminal state and keeps its first failure; its sampled
 * batches are routed once bound, never recomputed; every batch it holds is released when it is released; its
 * allocator is closed once its runner stopped.
 */
package io.aqueduct.core.worker;
