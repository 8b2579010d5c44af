package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.settings.SettingValues;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TestQueryTimeLimit {
    private static final SettingValues NONE = SettingValues.defaults();

    @Test
    void noLimitByDefault() {
        assertThat(Coordinator.timeLimit(NONE, NONE)).isEqualTo(Duration.ZERO);
    }

    @Test
    void theStatementTimeoutApplies() {
        SettingValues session = NONE.with("query.timeout", "1");
        assertThat(Coordinator.timeLimit(session, NONE)).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void theServerMaximumBoundsEveryQuery() {
        SettingValues server = NONE.with("query.max_run_time", "30s");
        assertThat(Coordinator.timeLimit(NONE, server)).isEqualTo(Duration.ofSeconds(30));
        assertThat(Coordinator.timeLimit(NONE.with("query.timeout", "5m"), server))
                .as("a longer statement timeout does not lift the server's bound")
                .isEqualTo(Duration.ofSeconds(30));
        assertThat(Coordinator.timeLimit(NONE.with("query.max_run_time", "1h"), server))
                .as("nor does the session's own max_run_time")
                .isEqualTo(Duration.ofSeconds(30));
        assertThat(Coordinator.timeLimit(NONE.with("query.timeout", "500ms"), server))
                .isEqualTo(Duration.ofMillis(500));
    }
}
