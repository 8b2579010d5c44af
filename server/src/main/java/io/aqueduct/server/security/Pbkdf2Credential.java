package io.aqueduct.server.security;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.eclipse.jetty.util.security.Credential;
import org.eclipse.jetty.util.security.Password;

/**
 * A user's {@link PasswordHash} as Jetty's login service checks it.
 *
 * <p>HTTP BASIC sends the password with every request, and a PBKDF2 check costs a quarter of a
 * second by design; so the first successful check remembers a fast digest of the password (salted
 * SHA-256, in memory only) and later requests with the same password compare against that. A wrong
 * password always pays the full PBKDF2 cost.
 */
final class Pbkdf2Credential extends Credential {
    private static final long serialVersionUID = 1L;

    private final PasswordHash hash;
    private transient volatile byte[] verifiedDigest;

    Pbkdf2Credential(PasswordHash hash) {
        this.hash = requireNonNull(hash, "hash is null");
    }

    @Override
    public boolean check(Object credentials) {
        String password;
        if (credentials instanceof char[] chars) {
            password = new String(chars);
        } else if (credentials instanceof String || credentials instanceof Password) {
            password = credentials.toString();
        } else {
            return false;
        }
        byte[] digest = digest(password);
        byte[] verified = verifiedDigest;
        if (verified != null && MessageDigest.isEqual(verified, digest)) {
            return true;
        }
        if (!hash.matches(password)) {
            return false;
        }
        verifiedDigest = digest;
        return true;
    }

    private byte[] digest(String password) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(hash.salt());
            return sha256.digest(password.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
