package io.aqueduct.server.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestQueryStateMachine {
    private static final AqueductException CANCELED = new AqueductException(ErrorCode.QUERY_CANCELED, "killed");
    private static final AqueductException BROKEN = new AqueductException(ErrorCode.INTERNAL_ERROR, "broken");

    @Test
    void walksTheLegalPathToFinished() {
        QueryStateMachine machine = new QueryStateMachine("q1");
        List<QueryState> seen = new ArrayList<>();
        machine.addStateChangeListener(seen::add);

        assertThat(machine.state()).isEqualTo(QueryState.QUEUED);
        assertThat(machine.transitionToPlanning()).isTrue();
        assertThat(machine.transitionToRunning()).isTrue();
        assertThat(machine.transitionToFinishing()).isTrue();
        assertThat(machine.transitionToFinished()).isTrue();

        assertThat(seen)
                .containsExactly(QueryState.PLANNING, QueryState.RUNNING, QueryState.FINISHING, QueryState.FINISHED);
        assertThat(machine.isDone()).isTrue();
        assertThat(machine.failureCause()).isEmpty();
    }

    @Test
    void refusesToSkipOrGoBack() {
        QueryStateMachine machine = new QueryStateMachine("q1");
        assertThat(machine.transitionToRunning()).as("running before planning").isFalse();
        assertThat(machine.transitionToFinishing()).isFalse();
        assertThat(machine.transitionToFinished()).isFalse();

        machine.transitionToPlanning();
        machine.transitionToRunning();
        assertThat(machine.transitionToPlanning()).as("back to planning").isFalse();
        assertThat(machine.transitionToFinished())
                .as("finished without finishing")
                .isFalse();
        assertThat(machine.state()).isEqualTo(QueryState.RUNNING);
    }

    @Test
    void failsOrCancelsFromEveryStateThatIsNotTerminal() {
        for (QueryState reached :
                List.of(QueryState.QUEUED, QueryState.PLANNING, QueryState.RUNNING, QueryState.FINISHING)) {
            QueryStateMachine failing = advancedTo(reached);
            assertThat(failing.transitionToFailed(BROKEN))
                    .as("fail from %s", reached)
                    .isTrue();
            assertThat(failing.state()).isEqualTo(QueryState.FAILED);

            QueryStateMachine canceling = advancedTo(reached);
            assertThat(canceling.transitionToCanceled(CANCELED))
                    .as("cancel from %s", reached)
                    .isTrue();
            assertThat(canceling.state()).isEqualTo(QueryState.CANCELED);
            assertThat(canceling.failureCause()).containsSame(CANCELED);
        }
    }

    @Test
    void neverLeavesATerminalStateAndKeepsTheFirstCause() {
        QueryStateMachine machine = new QueryStateMachine("q1");
        machine.transitionToPlanning();
        assertThat(machine.transitionToCanceled(CANCELED)).isTrue();

        assertThat(machine.transitionToFailed(BROKEN)).isFalse();
        assertThat(machine.transitionToCanceled(new AqueductException(ErrorCode.QUERY_CANCELED, "again")))
                .isFalse();
        assertThat(machine.transitionToRunning()).isFalse();
        assertThat(machine.transitionToPlanning()).isFalse();

        assertThat(machine.state()).isEqualTo(QueryState.CANCELED);
        assertThat(machine.failureCause()).containsSame(CANCELED);

        QueryStateMachine finished = advancedTo(QueryState.FINISHING);
        finished.transitionToFinished();
        assertThat(finished.transitionToFailed(BROKEN)).isFalse();
        assertThat(finished.failureCause()).isEmpty();
    }

    @Test
    void listenersRunOutsideTheLock() throws InterruptedException {
        QueryStateMachine machine = new QueryStateMachine("q1");
        List<QueryState> seenByOtherThread = new ArrayList<>();
        // A listener that waits for another thread reading the state would deadlock under the lock.
        machine.addStateChangeListener(state -> {
            Thread reader = new Thread(() -> seenByOtherThread.add(machine.state()));
            reader.start();
            try {
                reader.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        machine.transitionToPlanning();
        assertThat(seenByOtherThread).containsExactly(QueryState.PLANNING);
    }

    @Test
    void terminalStatesKnowThemselves() {
        assertThat(List.of(QueryState.values()).stream().filter(QueryState::isTerminal))
                .containsExactly(QueryState.FINISHED, QueryState.FAILED, QueryState.CANCELED);
    }

    private static QueryStateMachine advancedTo(QueryState state) {
        QueryStateMachine machine = new QueryStateMachine("q1");
        if (state != QueryState.QUEUED) {
            machine.transitionToPlanning();
        }
        if (state == QueryState.RUNNING || state == QueryState.FINISHING) {
            machine.transitionToRunning();
        }
        if (state == QueryState.FINISHING) {
            machine.transitionToFinishing();
        }
        assertThat(machine.state()).isEqualTo(state);
        return machine;
    }
}
