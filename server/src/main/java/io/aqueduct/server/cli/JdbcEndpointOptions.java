package io.aqueduct.server.cli;

import io.aqueduct.server.security.JdbcEndpointSecurity;
import io.aqueduct.server.security.TlsKeystore;
import io.aqueduct.server.security.UserFile;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code serve}'s options that secure the JDBC endpoint: who may connect, and TLS. */
final class JdbcEndpointOptions {
    static final String KEYSTORE_PASSWORD_VARIABLE = "AQUEDUCT_TLS_KEYSTORE_PASSWORD";

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--auth-file",
            paramLabel = "FILE",
            description = "Require HTTP BASIC authentication on the JDBC endpoint against this user file: lines"
                    + " 'name: PBKDF2:sha256:...' written by 'aqueduct hash-password'.")
    Path authFile;

    @Option(
            names = "--tls-keystore",
            paramLabel = "FILE",
            description = "Serve the JDBC endpoint over TLS (https) with the key and certificate in this PKCS12"
                    + " or JKS key store; clients connect with ssl=true.")
    Path tlsKeystore;

    @Option(
            names = "--tls-keystore-password",
            paramLabel = "PASSWORD",
            defaultValue = "${env:" + KEYSTORE_PASSWORD_VARIABLE + "}",
            description = "Password of --tls-keystore (default: env " + KEYSTORE_PASSWORD_VARIABLE + ").")
    String tlsKeystorePassword;

    /** Checks the files now, so that a mistake stops the start with a one-line message. */
    JdbcEndpointSecurity security() {
        try {
            Optional<UserFile> users = Optional.ofNullable(authFile).map(UserFile::load);
            return new JdbcEndpointSecurity(users, tls());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private Optional<TlsKeystore> tls() {
        if (tlsKeystore == null) {
            if (tlsKeystorePassword != null && System.getenv(KEYSTORE_PASSWORD_VARIABLE) == null) {
                throw new IllegalArgumentException("--tls-keystore-password needs --tls-keystore");
            }
            return Optional.empty();
        }
        if (tlsKeystorePassword == null) {
            throw new IllegalArgumentException(
                    "--tls-keystore needs --tls-keystore-password (or env " + KEYSTORE_PASSWORD_VARIABLE + ")");
        }
        return Optional.of(TlsKeystore.load(tlsKeystore, tlsKeystorePassword));
    }
}
