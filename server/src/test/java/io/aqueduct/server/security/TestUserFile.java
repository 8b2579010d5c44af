package io.aqueduct.server.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestUserFile {
    private static final String HASH =
            PasswordHash.create("s3cret".toCharArray()).encoded();

    @TempDir
    Path directory;

    @Test
    void listsItsUsers() throws IOException {
        Path file = write("# users\nbob: " + HASH + "\nalice: " + HASH + ", admin, ops\n");

        UserFile users = UserFile.load(file);

        assertThat(users.users()).containsExactly("alice", "bob");
        assertThat(users.path()).isEqualTo(file.toAbsolutePath());
    }

    @Test
    void refusesAPasswordInClearWithoutEchoingIt() throws IOException {
        Path file = write("alice: " + HASH + "\nbob: hunter2,admin\n");

        assertThatThrownBy(() -> UserFile.load(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("user 'bob' in " + file + ": the password is not a hash of the form PBKDF2:")
                .hasMessageEndingWith("(write it with: aqueduct hash-password --user bob)")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void refusesJettysWeakForms() throws IOException {
        Path file = write("carol: MD5:5ebe2294ecd0e0f08eab7690d2a6ee69\n");

        assertThatThrownBy(() -> UserFile.load(file)).hasMessageStartingWith("user 'carol' in ");
    }

    @Test
    void refusesAnEmptyOrMissingFile() throws IOException {
        Path empty = write("# nobody yet\n");
        Path missing = directory.resolve("missing.properties");

        assertThatThrownBy(() -> UserFile.load(empty)).hasMessage("user file " + empty + " lists no users");
        assertThatThrownBy(() -> UserFile.load(missing)).hasMessage("user file " + missing + " does not exist");
    }

    private Path write(String text) throws IOException {
        return Files.writeString(directory.resolve("users.properties"), text);
    }
}
