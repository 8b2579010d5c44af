package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestQueryIdTracker {
    private final FakeLookup lookup = new FakeLookup();
    private final QueryIdTracker tracker = new QueryIdTracker(lookup);

    @Test
    void emptyBeforeAnyExecutionWithoutALookup() throws SQLException {
        assertThat(tracker.queryId()).isEmpty();
        assertThat(lookup.calls).isZero();
    }

    @Test
    void oneLookupPerExecution() throws SQLException {
        execute();
        lookup.answers("q1");
        assertThat(tracker.queryId()).contains("q1");
        assertThat(tracker.queryId()).contains("q1");
        assertThat(lookup.calls).isEqualTo(1);

        execute();
        lookup.answers("q2");
        assertThat(tracker.queryId()).contains("q2");
        assertThat(tracker.queryId()).contains("q2");
        assertThat(lookup.calls).isEqualTo(2);
    }

    @Test
    void anExecutionTheServerDidNotRecordHasNoId() throws SQLException {
        execute();
        lookup.answers("q1");
        assertThat(tracker.queryId()).contains("q1");

        execute(); // rejected before the server recorded it: q1 is still the latest
        lookup.answers("q1");
        assertThat(tracker.queryId()).isEmpty();

        execute();
        lookup.answers("q3");
        assertThat(tracker.queryId()).contains("q3");
    }

    @Test
    void aFirstExecutionTheServerDidNotRecordHasNoId() throws SQLException {
        execute();
        lookup.answers(null);
        assertThat(tracker.queryId()).isEmpty();
    }

    @Test
    void aLookupDuringAnExecutionIsRepeatedWhenItFinishes() throws SQLException {
        execute();
        lookup.answers("q1");
        assertThat(tracker.queryId()).contains("q1");

        tracker.executionStarted();
        lookup.answers("q1"); // asked from another thread before the server recorded q2
        assertThat(tracker.queryId()).isEmpty();
        tracker.executionFinished();
        lookup.answers("q2");
        assertThat(tracker.queryId()).contains("q2");
        assertThat(tracker.queryId()).contains("q2");
        assertThat(lookup.calls).isEqualTo(3);
    }

    @Test
    void aRunningQueryRecordedAtItsStartKeepsItsId() throws SQLException {
        tracker.executionStarted();
        lookup.answers("q1");
        assertThat(tracker.queryId()).contains("q1");
        tracker.executionFinished();
        lookup.answers("q1");
        assertThat(tracker.queryId()).contains("q1");
    }

    @Test
    void anExecutionThatStaysUnrecordedStaysEmptyAfterALookupWhileRunning() throws SQLException {
        execute();
        lookup.answers("q1");
        assertThat(tracker.queryId()).contains("q1");

        tracker.executionStarted();
        lookup.answers("q1");
        assertThat(tracker.queryId()).isEmpty();
        tracker.executionFinished();
        lookup.answers("q1");
        assertThat(tracker.queryId()).isEmpty();
    }

    @Test
    void aFailedLookupIsRetriedByTheNextCall() throws SQLException {
        execute();
        lookup.fails(new SQLException("Connection is closed", "08003"));
        assertThatThrownBy(tracker::queryId).hasMessage("Connection is closed");
        lookup.answers("q1");
        assertThat(tracker.queryId()).contains("q1");
    }

    private void execute() {
        tracker.executionStarted();
        tracker.executionFinished();
    }

    private static final class FakeLookup implements QueryIdTracker.Lookup {
        private final Deque<Object> answers = new ArrayDeque<>();
        private int calls;

        void answers(String queryId) {
            answers.add(Optional.ofNullable(queryId));
        }

        void fails(SQLException failure) {
            answers.add(failure);
        }

        @Override
        @SuppressWarnings("unchecked")
        public Optional<String> latestQueryId() throws SQLException {
            calls++;
            Object answer = answers.remove();
            if (answer instanceof SQLException failure) {
                throw failure;
            }
            return (Optional<String>) answer;
        }
    }
}
