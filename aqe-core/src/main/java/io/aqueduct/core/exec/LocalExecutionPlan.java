package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * A fragment's operator tree with a meter on every operator ({@link LocalExecutionPlanner#planMetered}). The caller
 * owns {@link #root()} and closes it; {@link #operatorMetrics()} may be called from any thread, before, while and
 * after the operators run, and keeps answering after the root is closed.
 */
public final class LocalExecutionPlan {
    private final Operator root;
    private final List<MeteredOperator> operators;
    private final int[][] inputIds;

    /** {@code operators} by operator id; {@code inputIds[id]} are the ids of operator {@code id}'s inputs. */
    LocalExecutionPlan(Operator root, List<MeteredOperator> operators, int[][] inputIds) {
        this.root = requireNonNull(root, "root is null");
        this.operators = List.copyOf(operators);
        this.inputIds = inputIds;
        for (int id = 0; id < this.operators.size(); id++) {
            if (this.operators.get(id).operatorId() != id) {
                throw new IllegalArgumentException(
                        "operator " + id + " has id " + operators.get(id).operatorId());
            }
        }
    }

    public Operator root() {
        return root;
    }

    /**
     * The metrics of every operator so far, in operator id order (the fragment's pre-order). Elapsed times count
     * the calls to {@code next()} that returned; a call in progress shows once it returns.
     */
    public List<OperatorMetrics> operatorMetrics() {
        List<OperatorMetrics> metrics = new ArrayList<>(operators.size());
        for (MeteredOperator operator : operators) {
            long inputsElapsed = 0;
            for (int input : inputIds[operator.operatorId()]) {
                inputsElapsed += operators.get(input).elapsedNanos();
            }
            metrics.add(operator.metrics(inputsElapsed));
        }
        return List.copyOf(metrics);
    }
}
