package io.aqueduct.server.system;

import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.type.RowType;
import java.util.Arrays;
import java.util.List;

/**
 * {@code sys.settings}: one row per engine setting, with its value in the calling session (after
 * connection properties and {@code SET}) and its default. Values are text in canonical form: byte
 * counts as a number of bytes, booleans as {@code true} or {@code false}.
 */
final class SettingsTable implements SystemTable<SystemContext> {
    private record Row(Setting setting, Object value) {}

    private static final SystemColumns<Row> COLUMNS = SystemColumns.<Row>builder()
            .varchar("name", row -> row.setting().settingName())
            .varchar("value", row -> String.valueOf(row.value()))
            .varchar("default_value", row -> row.setting().defaultValue())
            .varchar("kind", row -> row.setting().kind().name())
            .varchar("description", row -> row.setting().description())
            .build();

    @Override
    public String name() {
        return "settings";
    }

    @Override
    public RowType columns() {
        return COLUMNS.rowType();
    }

    @Override
    public List<List<Object>> rows(SystemContext context, SystemScan scan) {
        return COLUMNS.rows(Arrays.stream(Setting.values())
                .map(setting -> new Row(setting, context.settings().value(setting)))
                .toList());
    }
}
