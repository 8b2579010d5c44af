package io.aqueduct.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code serve} checks its security options before it starts anything. */
class TestJdbcEndpointOptions {
    private final StringWriter err = new StringWriter();

    @TempDir
    Path directory;

    @Test
    void aPasswordInClearStopsTheStart() throws IOException {
        Path users = Files.writeString(directory.resolve("users.properties"), "alice: hunter2\n");

        assertThat(serve("--auth-file", users.toString())).isEqualTo(2);
        assertThat(err.toString())
                .startsWith("user 'alice' in " + users + ": the password is not a hash")
                .doesNotContain("hunter2");
    }

    @Test
    void aKeystoreNeedsItsPassword() {
        assertThat(serve("--tls-keystore", directory.resolve("coordinator.p12").toString()))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith("--tls-keystore needs --tls-keystore-password (or env AQUEDUCT_TLS_KEYSTORE_PASSWORD)");
    }

    @Test
    void aMissingKeystoreStopsTheStart() {
        Path missing = directory.resolve("missing.p12");

        assertThat(serve("--tls-keystore", missing.toString(), "--tls-keystore-password", "pw"))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("TLS key store " + missing + " does not exist");
    }

    private int serve(String... arguments) {
        CommandLine command = new CommandLine(new ServeCommand());
        command.setErr(new PrintWriter(err));
        return command.execute(arguments);
    }
}
