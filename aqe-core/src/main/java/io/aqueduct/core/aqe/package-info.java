/**
 * Adaptive query execution: producer samples and their extrapolation ({@link io.aqueduct.core.aqe.ProducerSamples}),
 * the cost model, the adaptive rules ({@link io.aqueduct.core.aqe.AdaptiveRules}, one
 * {@link io.aqueduct.core.aqe.AdaptiveRule} each), bucket assignment, the typed decision records
 * ({@link io.aqueduct.core.aqe.AqeDecision}, {@link io.aqueduct.core.aqe.DecisionInputs}) and the scheduling loop
 * that applies them stage by stage ({@link io.aqueduct.core.aqe.StageScheduler}), against the
 * {@link io.aqueduct.core.protocol.WorkerTransport}.
 *
 * <p>Invariants:
 *
 * <ul>
 *   <li>No HTTP, Avatica or JSON-mapper type here: workers are reached only through the transport interface, so the
 *       whole loop runs in-process in unit tests ({@link io.aqueduct.core.worker.InProcessWorkers}).
 *   <li>Every decision is recorded, adopted or not, with its typed inputs and a reason; the rules are stateless and
 *       the per-query state (which joins were checked or switched) lives in
 *       {@link io.aqueduct.core.aqe.AdaptiveTaskCounts}.
 *   <li>Every rewrite leaves a runnable plan: a switch to a partitioned join re-cuts the plan before the stage starts,
 *       and a stage's producers are bound before its tasks are created.
 *   <li>A stage is decided once, on the scheduling thread, when all its producers have started.
 * </ul>
 */
package io.aqueduct.core.aqe;
