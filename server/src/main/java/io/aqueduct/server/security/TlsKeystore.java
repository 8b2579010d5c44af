package io.aqueduct.server.security;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;

/**
 * The coordinator's TLS identity: a PKCS12 or JKS key store holding its private key and certificate.
 *
 * @param type the key store's type as Java detected it, e.g. {@code PKCS12}
 */
public record TlsKeystore(Path path, String password, String type) {
    public TlsKeystore {
        path = path.toAbsolutePath().normalize();
    }

    /**
     * Opens the key store once, so that a wrong path or password fails the start with a clear message.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static TlsKeystore load(Path path, String password) {
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("TLS key store " + path + " does not exist");
        }
        KeyStore keyStore;
        try {
            keyStore = KeyStore.getInstance(path.toFile(), password.toCharArray());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "cannot open TLS key store " + path + " (wrong path or password?): " + e.getMessage(), e);
        }
        try {
            boolean hasKey = false;
            for (String alias : Collections.list(keyStore.aliases())) {
                hasKey |= keyStore.isKeyEntry(alias);
            }
            if (!hasKey) {
                throw new IllegalArgumentException("TLS key store " + path + " holds no private key");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read TLS key store " + path + ": " + e.getMessage(), e);
        }
        return new TlsKeystore(path, password, keyStore.getType());
    }

    @Override
    public String toString() {
        return "TlsKeystore[" + path + ", " + type + "]"; // never the password
    }
}
