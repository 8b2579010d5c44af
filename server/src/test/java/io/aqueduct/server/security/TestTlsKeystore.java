package io.aqueduct.server.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestTlsKeystore {
    @TempDir
    Path directory;

    @Test
    void refusesAWrongPasswordWithoutEchoingIt() throws Exception {
        Path file = emptyStore("right-password");

        assertThatThrownBy(() -> TlsKeystore.load(file, "wrong-password"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot open TLS key store " + file + " (wrong path or password?)")
                .hasMessageNotContaining("wrong-password");
    }

    @Test
    void refusesAStoreWithoutAKey() throws Exception {
        Path file = emptyStore("pw");

        assertThatThrownBy(() -> TlsKeystore.load(file, "pw"))
                .hasMessage("TLS key store " + file + " holds no private key");
    }

    @Test
    void toStringHidesThePassword() {
        assertThat(new TlsKeystore(directory.resolve("k.p12"), "pw-123", "PKCS12").toString())
                .doesNotContain("pw-123");
    }

    private Path emptyStore(String password) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        Path file = directory.resolve("empty.p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password.toCharArray());
        }
        return file;
    }
}
