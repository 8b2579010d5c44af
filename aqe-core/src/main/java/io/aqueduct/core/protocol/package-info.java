/**
 * The protocol between the coordinator and its workers: task specs, statuses, output bindings, key samples, task
 * metrics and errors as immutable values, and {@link io.aqueduct.core.protocol.WorkerTransport}, the calls made to
 * workers. The server implements the transport over HTTP; {@link io.aqueduct.core.worker.InProcessWorkers} in this
 * process. The values carry Jackson annotations only, so that any transport can serialize them.
 */
package io.aqueduct.core.protocol;
