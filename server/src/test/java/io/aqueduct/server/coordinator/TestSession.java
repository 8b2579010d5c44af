package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.settings.SettingValues;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestSession {
    @Test
    void timeZoneIsUtcUnlessTheConnectionNamesOne() {
        assertThat(Session.fromConnectionProperties(null, SettingValues.defaults())
                        .timeZone())
                .isEqualTo(ZoneOffset.UTC);
        Session paris = Session.fromConnectionProperties(Map.of("timeZone", "Europe/Paris"), SettingValues.defaults());

        assertThat(paris.timeZone()).isEqualTo(ZoneId.of("Europe/Paris"));
        assertThat(paris.withSettings(SettingValues.defaults()).timeZone()).isEqualTo(ZoneId.of("Europe/Paris"));
    }

    @Test
    void unknownTimeZoneIsAnInvalidArgument() {
        assertThatThrownBy(() ->
                        Session.fromConnectionProperties(Map.of("timeZone", "Mars/Olympus"), SettingValues.defaults()))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
                .hasMessageContaining("Mars/Olympus");
    }

    @Test
    void timestampsTravelInMillisecondsUnlessTheConnectionAsksForMicroseconds() {
        assertThat(Session.fromConnectionProperties(null, SettingValues.defaults())
                        .timestampUnit())
                .isEqualTo(TimestampUnit.MILLIS);
        Session micros = Session.fromConnectionProperties(Map.of("timestampUnit", "MICROS"), SettingValues.defaults());

        assertThat(micros.timestampUnit()).isEqualTo(TimestampUnit.MICROS);
        assertThat(micros.withSettings(SettingValues.defaults()).timestampUnit())
                .isEqualTo(TimestampUnit.MICROS);
        assertThat(TimestampUnit.MICROS.wireValue(-1_500)).isEqualTo(-1_500);
        assertThat(TimestampUnit.MILLIS.wireValue(-1_500)).isEqualTo(-2);
        assertThatThrownBy(() ->
                        Session.fromConnectionProperties(Map.of("timestampUnit", "nanos"), SettingValues.defaults()))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
                .hasMessageContaining("nanos");
    }
}
