package io.aqueduct.server.security;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.Optional;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.calcite.avatica.remote.Service.RpcMetadataResponse;
import org.apache.calcite.avatica.server.AvaticaHandler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

/**
 * Wraps the Avatica handler behind HTTP BASIC authentication and makes the user Jetty authenticated
 * for the current request visible to the code the request runs ({@link #current()}), so that a
 * connection's user is the one who proved it, not the {@code user} property a client claims.
 */
public final class AuthenticatedUserHandler extends HandlerWrapper implements AvaticaHandler {
    /** The role that, in the user file ({@code name: PBKDF2:...,admin}), lets a user see every user's queries. */
    public static final String ADMINISTRATOR_ROLE = "admin";

    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();
    private static final ThreadLocal<Boolean> CURRENT_IS_ADMINISTRATOR = new ThreadLocal<>();

    private final AvaticaHandler avatica;

    public AuthenticatedUserHandler(AvaticaHandler avatica) {
        this.avatica = requireNonNull(avatica, "avatica is null");
        setHandler(avatica);
    }

    /** The authenticated user of the request this thread serves; empty without authentication. */
    public static Optional<String> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** Whether the authenticated user of the request this thread serves has the {@code admin} role. */
    public static boolean currentIsAdministrator() {
        return Boolean.TRUE.equals(CURRENT_IS_ADMINISTRATOR.get());
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        CURRENT.set(request.getRemoteUser());
        CURRENT_IS_ADMINISTRATOR.set(request.isUserInRole(ADMINISTRATOR_ROLE));
        try {
            super.handle(target, baseRequest, request, response);
        } finally {
            CURRENT.remove();
            CURRENT_IS_ADMINISTRATOR.remove();
        }
    }

    @Override
    public void setServerRpcMetadata(RpcMetadataResponse metadata) {
        avatica.setServerRpcMetadata(metadata);
    }
}
