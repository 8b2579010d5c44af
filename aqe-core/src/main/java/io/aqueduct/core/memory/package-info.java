/**
 * The writable {@code memory} catalog. The coordinator keeps its metadata ({@link io.aqueduct.core.memory.MemoryCatalog}:
 * schemas, tables, their columns and statistics); the rows live on the workers as Arrow buffers
 * ({@link io.aqueduct.core.memory.MemoryStore}), stored by the tasks that produce them and read by the scan task of
 * each worker. Data lives as long as the worker process: a worker that dies takes its part of every table with it.
 */
package io.aqueduct.core.memory;
