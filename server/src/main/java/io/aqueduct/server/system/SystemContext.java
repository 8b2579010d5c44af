package io.aqueduct.server.system;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.settings.SettingValues;

/**
 * What a system table is told of the execution reading it; the coordinator makes one per execution.
 * What does not depend on the execution (the workers, the query registry) reaches a table through
 * its constructor instead.
 *
 * @param settings the settings in force in the session running the query
 */
public record SystemContext(SettingValues settings) {
    public SystemContext {
        requireNonNull(settings, "settings is null");
    }
}
