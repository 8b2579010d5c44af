package io.aqueduct.server.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.system.SystemScan;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestSettingsTable {
    private final SettingsTable table = new SettingsTable();

    @Test
    void columns() {
        assertThat(table.columns().names()).containsExactly("name", "value", "default_value", "kind", "description");
    }

    @Test
    void oneRowPerSettingWithTheSessionValue() {
        SettingValues session = SettingValues.defaults()
                .with("distributed.buckets_per_task", "8")
                .with("distributed.broadcast_max_bytes", "1KB");

        List<List<Object>> rows = table.rows(new SystemContext(session), SystemScan.all("settings"));

        assertThat(rows).hasSize(Setting.values().length);
        assertThat(rows)
                .contains(
                        List.of(
                                "distributed.buckets_per_task",
                                "8",
                                "4",
                                "INTEGER",
                                Setting.BUCKETS_PER_TASK.description()),
                        List.of(
                                "distributed.broadcast_max_bytes",
                                "1024",
                                "10MB",
                                "BYTES",
                                Setting.BROADCAST_MAX_BYTES.description()),
                        List.of(
                                "distributed.dynamic_task_count",
                                "true",
                                "true",
                                "BOOLEAN",
                                Setting.DYNAMIC_TASK_COUNT.description()));
    }
}
