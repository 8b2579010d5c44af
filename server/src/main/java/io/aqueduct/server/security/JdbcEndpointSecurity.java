package io.aqueduct.server.security;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * How the coordinator's JDBC endpoint protects itself: HTTP BASIC authentication against a
 * {@link UserFile}, TLS with a {@link TlsKeystore}, both, or neither ({@link #NONE}).
 */
public record JdbcEndpointSecurity(Optional<UserFile> users, Optional<TlsKeystore> tls) {
    public static final JdbcEndpointSecurity NONE = new JdbcEndpointSecurity(Optional.empty(), Optional.empty());

    public JdbcEndpointSecurity {
        requireNonNull(users, "users is null");
        requireNonNull(tls, "tls is null");
    }

    /** One line for the startup log, e.g. {@code BASIC authentication (2 users from /etc/users), TLS}. */
    public String describe() {
        String authentication = users.map(
                        file -> "BASIC authentication (" + file.users().size() + " users from " + file.path() + ")")
                .orElse("no authentication");
        return authentication + ", " + tls.map(keystore -> "TLS").orElse("no TLS");
    }
}
