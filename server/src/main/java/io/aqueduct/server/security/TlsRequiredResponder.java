package io.aqueduct.server.security;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.DetectorConnectionFactory;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;

/**
 * Sits before the TLS connection factory of a TLS port and answers a plain-HTTP request with
 * {@code 426 Upgrade Required} instead of dropping the connection: Avatica's client retries a dropped
 * connection forever, while a status code reaches the driver, which tells the user to set
 * {@code ssl=true}.
 */
public final class TlsRequiredResponder extends DetectorConnectionFactory {
    /** The status the driver recognizes as "this endpoint requires TLS". */
    public static final int STATUS = 426;

    private static final String BODY = "This Aqueduct endpoint requires TLS: connect with ssl=true\n";
    private static final String RESPONSE = "HTTP/1.1 " + STATUS + " Upgrade Required\r\n"
            + "Upgrade: TLS/1.2, HTTP/1.1\r\n"
            + "Content-Type: text/plain\r\n"
            + "Content-Length: " + BODY.length() + "\r\n"
            + "Connection: close\r\n"
            + "\r\n"
            + BODY;

    public TlsRequiredResponder(SslConnectionFactory tls) {
        super(tls);
    }

    @Override
    protected void nextProtocol(Connector connector, EndPoint endPoint, ByteBuffer buffer) {
        Callback.Completable written = new Callback.Completable();
        endPoint.write(written, ByteBuffer.wrap(RESPONSE.getBytes(StandardCharsets.US_ASCII)));
        written.whenComplete((ignored, failure) -> endPoint.close());
    }
}
