package io.aqueduct.jdbc;

import java.net.HttpURLConnection;
import java.net.URL;
import org.apache.calcite.avatica.remote.AvaticaCommonsHttpClientImpl;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.auth.BasicAuthCache;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/**
 * Avatica's HTTP client with an {@link HttpClientContext} of its own for every request.
 *
 * <p>Avatica's client runs every request of a connection in one context, and HttpClient keeps the
 * authentication exchange there, which it is not safe to share between threads. The driver sends a
 * connection's requests from several threads (the next frame fetched ahead while the client runs its
 * next statement, a cancel beside its query), and two of them in one exchange can fail a request
 * with HTTP 401 or an {@code AuthScheme is null}. Here each request gets a fresh context over the
 * connection's credentials and a thread-safe authentication cache, which after the first challenge
 * sends the credentials with every request.
 *
 * <p>Avatica instantiates the class by name ({@code httpclient_impl}, set by {@link ConnectionSettings})
 * and configures pool, TLS and credentials as for its own client.
 */
public final class PerRequestContextHttpClient extends AvaticaCommonsHttpClientImpl {
    private final BasicAuthCache sharedAuthCache = new BasicAuthCache();
    private final HttpHost target;

    @SuppressWarnings("deprecation") // Avatica's factory calls the URL constructor
    public PerRequestContextHttpClient(URL url) {
        super(url);
        this.target = HttpHost.create(uri);
    }

    /** As Avatica's client answers: the body of a 200 or 500, again after a 503 or a dropped response. */
    @Override
    public byte[] send(byte[] request) {
        while (true) {
            HttpPost post = new HttpPost(uri);
            post.setEntity(new ByteArrayEntity(request, ContentType.APPLICATION_OCTET_STREAM));
            try (ClassicHttpResponse response = client.executeOpen(target, post, requestContext())) {
                int statusCode = response.getCode();
                if (statusCode == HttpURLConnection.HTTP_OK || statusCode == HttpURLConnection.HTTP_INTERNAL_ERROR) {
                    return EntityUtils.toByteArray(response.getEntity());
                }
                if (statusCode != HttpURLConnection.HTTP_UNAVAILABLE) {
                    // ConnectionErrors reads the status from this message, as from Avatica's client.
                    throw new RuntimeException("Failed to execute HTTP Request, got HTTP/" + statusCode);
                }
            } catch (NoHttpResponseException e) {
                // A server behind a load balancer went away: the next attempt reaches another one.
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }
    }

    private HttpClientContext requestContext() {
        HttpClientContext request = HttpClientContext.create();
        // Read the connection's context only: Avatica writes it once, before the first request.
        request.setRequestConfig(context.getRequestConfig());
        if (credentialsProvider != null) {
            request.setCredentialsProvider(credentialsProvider);
            request.setAuthSchemeRegistry(authRegistry);
            request.setAuthCache(sharedAuthCache);
        }
        return request;
    }
}
