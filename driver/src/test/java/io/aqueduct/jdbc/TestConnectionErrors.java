package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.sql.SQLException;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** Avatica's client reports transport failures as unchecked exceptions; these become SQLExceptions. */
class TestConnectionErrors {
    private static final String ADDRESS = "db:8765";
    private static final Optional<String> ADA = Optional.of("ada");

    @Test
    void unauthorizedIs28000AndSaysWhatWasMissing() {
        RuntimeException unauthorized = avaticaHttpError(401);

        assertAuthenticationFailure(
                ConnectionErrors.cannotConnect(ADDRESS, ADA, true, unauthorized),
                "wrong user or password for user 'ada'");
        assertAuthenticationFailure(
                ConnectionErrors.cannotConnect(ADDRESS, ADA, false, unauthorized), "no password given for user 'ada'");
        assertAuthenticationFailure(
                ConnectionErrors.cannotConnect(ADDRESS, Optional.empty(), false, unauthorized),
                "the server requires a user and password; set the user and password connection properties");
        assertAuthenticationFailure(
                ConnectionErrors.cannotConnect(ADDRESS, ADA, true, new RuntimeException(avaticaHttpError(403))),
                "wrong user or password for user 'ada'");
    }

    @Test
    void upgradeRequiredAsksForSsl() {
        SQLException error = ConnectionErrors.cannotConnect(ADDRESS, ADA, true, avaticaHttpError(426));

        assertThat(error.getMessage())
                .isEqualTo("Cannot connect to Aqueduct at db:8765: the server requires TLS; connect with ssl=true");
        assertThat(error.getSQLState()).isEqualTo("08001");
    }

    @Test
    void tlsFailuresNameTheSettingsToCheck() {
        RuntimeException handshake = new RuntimeException(new SSLHandshakeException("PKIX path building failed"));

        SQLException error = ConnectionErrors.cannotConnect(ADDRESS, ADA, true, handshake);

        assertThat(error.getMessage())
                .isEqualTo("Cannot connect to Aqueduct at db:8765: TLS failed: PKIX path building failed"
                        + " (check ssl, truststore, truststore_password and hostname_verification)");
        assertThat(error.getSQLState()).isEqualTo("08001");
    }

    @Test
    void otherFailuresKeepTheirRootCause() {
        RuntimeException refused = new RuntimeException(new ConnectException("Connection refused"));

        SQLException error = ConnectionErrors.cannotConnect(ADDRESS, ADA, true, refused);

        assertThat(error.getMessage()).isEqualTo("Cannot connect to Aqueduct at db:8765: Connection refused");
        assertThat(error.getSQLState()).isEqualTo("08001");
        assertThat(ConnectionErrors.cannotConnect(ADDRESS, ADA, true, avaticaHttpError(502))
                        .getMessage())
                .isEqualTo("Cannot connect to Aqueduct at db:8765: Failed to execute HTTP Request, got HTTP/502");
    }

    private static void assertAuthenticationFailure(SQLException error, String reason) {
        assertThat(error.getMessage()).isEqualTo("Authentication failed at Aqueduct db:8765: " + reason);
        assertThat(error.getSQLState()).isEqualTo("28000");
    }

    /** What {@code AvaticaCommonsHttpClientImpl.send} throws for a status other than 200, 500 and 503. */
    private static RuntimeException avaticaHttpError(int status) {
        return new RuntimeException("Failed to execute HTTP Request, got HTTP/" + status);
    }
}
