package io.aqueduct.core.settings;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.EnumMap;
import java.util.Map;

/**
 * Values of the settings in force, each either set explicitly or its default. Immutable: {@link #with}
 * and {@link #without} return new values.
 *
 * <pre>{@code
 * SettingValues session = SettingValues.defaults().with("distributed.dynamic_task_count", "false");
 * boolean adaptive = session.bool(Setting.DYNAMIC_TASK_COUNT);
 * }</pre>
 */
public final class SettingValues {
    private static final SettingValues DEFAULTS = new SettingValues(new EnumMap<>(Setting.class));

    private final Map<Setting, Object> explicit;

    private SettingValues(Map<Setting, Object> explicit) {
        this.explicit = explicit;
    }

    public static SettingValues defaults() {
        return DEFAULTS;
    }

    /** These values with {@code name} set; an unknown name or a bad value is a 22023 error. */
    public SettingValues with(String name, String value) {
        Setting setting = Setting.byName(name).orElseThrow(() -> unknown(name));
        Map<Setting, Object> values = new EnumMap<>(Setting.class);
        values.putAll(explicit);
        values.put(setting, setting.parse(value));
        return new SettingValues(values);
    }

    /**
     * These values with every {@code distributed.*} and {@code query.*} entry of {@code properties} applied;
     * other keys are ignored.
     */
    public SettingValues withAll(Map<String, String> properties) {
        SettingValues values = this;
        for (Map.Entry<String, String> entry : properties.entrySet()) {
            if (entry.getKey().startsWith("distributed.") || entry.getKey().startsWith("query.")) {
                values = values.with(entry.getKey(), entry.getValue());
            }
        }
        return values;
    }

    /** These values with {@code name} back to its default. */
    public SettingValues without(String name) {
        Setting setting = Setting.byName(name).orElseThrow(() -> unknown(name));
        Map<Setting, Object> values = new EnumMap<>(Setting.class);
        values.putAll(explicit);
        values.remove(setting);
        return new SettingValues(values);
    }

    public boolean bool(Setting setting) {
        return (Boolean) value(setting);
    }

    public long number(Setting setting) {
        return (Long) value(setting);
    }

    public Object value(Setting setting) {
        Object value = explicit.get(setting);
        return value != null ? value : setting.parse(setting.defaultValue());
    }

    public boolean isExplicit(Setting setting) {
        return explicit.containsKey(setting);
    }

    private static AqueductException unknown(String name) {
        return new AqueductException(ErrorCode.INVALID_ARGUMENT, "Unknown setting '" + name + "'");
    }
}
