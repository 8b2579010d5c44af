package io.aqueduct.server.system;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.settings.SettingValues;
import java.util.Optional;

/**
 * What a system table is told of the execution reading it; the coordinator makes one per execution.
 * What does not depend on the execution (the workers, the query registry) reaches a table through
 * its constructor instead.
 *
 * @param settings the settings in force in the session running the query
 * @param onlyUser when present, the authenticated user reading, who is no administrator: the tables over
 *     queries show only that user's queries; empty when the reader may see every query (an administrator,
 *     or an endpoint without authentication, where users are not proven)
 */
public record SystemContext(SettingValues settings, Optional<String> onlyUser) {
    public SystemContext {
        requireNonNull(settings, "settings is null");
        requireNonNull(onlyUser, "onlyUser is null");
    }

    /** A reader who may see every query. */
    public SystemContext(SettingValues settings) {
        this(settings, Optional.empty());
    }

    /** Whether the reader may see a query that {@code user} ran. */
    public boolean mayRead(String user) {
        return onlyUser.map(reader -> reader.equals(user)).orElse(true);
    }
}
