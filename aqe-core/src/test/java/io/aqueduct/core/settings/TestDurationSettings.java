package io.aqueduct.core.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestDurationSettings {
    @Test
    void durationsAreMillisecondsFromSecondsOrASuffix() {
        assertThat(Setting.QUERY_TIMEOUT.parse("2")).isEqualTo(2_000L);
        assertThat(Setting.QUERY_TIMEOUT.parse("500ms")).isEqualTo(500L);
        assertThat(Setting.QUERY_TIMEOUT.parse("30s")).isEqualTo(30_000L);
        assertThat(Setting.QUERY_TIMEOUT.parse("5m")).isEqualTo(300_000L);
        assertThat(Setting.QUERY_TIMEOUT.parse("1H")).isEqualTo(3_600_000L);
    }

    @Test
    void timeoutsAreOffByDefault() {
        assertThat(SettingValues.defaults().number(Setting.QUERY_TIMEOUT)).isZero();
        assertThat(SettingValues.defaults().number(Setting.QUERY_MAX_RUN_TIME)).isZero();
    }

    @Test
    void connectionPropertiesSetQuerySettings() {
        SettingValues values = SettingValues.defaults().withAll(Map.of("query.timeout", "3s", "user", "x"));
        assertThat(values.number(Setting.QUERY_TIMEOUT)).isEqualTo(3_000L);
    }

    @Test
    void aBadDurationIsAnInvalidArgument() {
        assertThatThrownBy(() -> Setting.QUERY_MAX_RUN_TIME.parse("soon"))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
                .hasMessageContaining("query.max_run_time");
        assertThatThrownBy(() -> Setting.QUERY_MAX_RUN_TIME.parse("-1s")).isInstanceOf(AqueductException.class);
    }
}
