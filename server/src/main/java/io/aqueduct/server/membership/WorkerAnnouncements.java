package io.aqueduct.server.membership;

import io.aqueduct.server.transport.ClusterSecret;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

/**
 * The coordinator's {@code POST /v1/announce}: a worker started with {@code worker --coordinator URL}
 * sends its own URL there every few seconds, with the cluster secret; the coordinator adds it to its
 * membership (and from then on probes it like any worker). It sits in front of the JDBC endpoint's
 * handlers, so it takes the cluster secret and not a user's password. Every other request goes on to
 * the wrapped handler.
 */
public final class WorkerAnnouncements extends HandlerWrapper {
    public static final String PATH = "/v1/announce";
    private static final int MAX_URL_BYTES = 2048;

    private final WorkerMembership membership;
    private final ClusterSecret secret;

    public WorkerAnnouncements(Handler next, WorkerMembership membership, ClusterSecret secret) {
        this.membership = membership;
        this.secret = secret;
        setHandler(next);
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException, javax.servlet.ServletException {
        if (!PATH.equals(target)) {
            super.handle(target, baseRequest, request, response);
            return;
        }
        baseRequest.setHandled(true);
        if (!"POST".equals(request.getMethod())) {
            response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED, "POST the worker's URL");
            return;
        }
        if (!secret.matches(request.getHeader(ClusterSecret.HEADER))) {
            response.sendError(HttpServletResponse.SC_UNAUTHORIZED, "Missing or wrong cluster secret");
            return;
        }
        byte[] body = request.getInputStream().readNBytes(MAX_URL_BYTES);
        String url = new String(body, StandardCharsets.UTF_8).strip();
        if (!isHttpUrl(url)) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "Not a worker URL: " + url);
            return;
        }
        membership.register(url);
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }

    private static boolean isHttpUrl(String url) {
        try {
            URI uri = new URI(url);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getPort() > 0;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
