package io.aqueduct.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.server.security.PasswordHash;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class TestHashPasswordCommand {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void printsAUserFileLineWithTheRoles() {
        int exitCode = run("s3cret\n", "--user", "alice", "--role", "admin,ops");

        assertThat(exitCode).isZero();
        String line = out.toString().strip();
        assertThat(line)
                .startsWith("alice: PBKDF2:sha256:")
                .endsWith(",admin,ops")
                .doesNotContain("s3cret");
        String hash = line.substring("alice: ".length(), line.length() - ",admin,ops".length());
        assertThat(PasswordHash.parse(hash).matches("s3cret")).isTrue();
    }

    @Test
    void refusesAnEmptyPassword() {
        assertThat(run("", "--user", "alice")).isEqualTo(2);
        assertThat(err.toString()).startsWith("the password is empty");
        assertThat(out.toString()).isEmpty();
    }

    /** A name the realm file would misread (':' or '=' end the key, ',' separates roles). */
    @Test
    void refusesNamesTheUserFileCannotHold() {
        assertThat(run("s3cret\n", "--user", "bob:admin")).isEqualTo(2);
        assertThat(err.toString()).startsWith("'bob:admin' is not a valid name: use letters, digits and ._@-");
        assertThat(run("s3cret\n", "--user", "bob", "--role", "a b")).isEqualTo(2);
        assertThat(out.toString()).isEmpty();
    }

    private int run(String input, String... arguments) {
        CommandLine command = new CommandLine(
                new HashPasswordCommand(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8))));
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        return command.execute(arguments);
    }
}
