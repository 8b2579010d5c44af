package io.aqueduct.server.security;

import static java.util.Objects.requireNonNull;

import java.io.Serializable;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A salted PBKDF2 (HMAC-SHA256) password hash, written {@code PBKDF2:sha256:<iterations>:<salt>:<hash>}
 * with salt and hash in Base64.
 *
 * <pre>{@code
 * PasswordHash hash = PasswordHash.create("s3cret".toCharArray());
 * String entry = hash.encoded();        // what the user file holds
 * PasswordHash.parse(entry).matches("s3cret"); // true
 * }</pre>
 */
public record PasswordHash(int iterations, byte[] salt, byte[] hash) implements Serializable {
    public static final String PREFIX = "PBKDF2:";
    /** OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256. */
    public static final int DEFAULT_ITERATIONS = 600_000;

    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final String FORMAT = PREFIX + "sha256:<iterations>:<base64 salt>:<base64 hash>";
    private static final Pattern ENCODED =
            Pattern.compile(Pattern.quote(PREFIX) + "sha256:([0-9]{1,9}):([A-Za-z0-9+/=]+):([A-Za-z0-9+/=]+)");
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;
    private static final int MIN_ITERATIONS = 10_000;

    public PasswordHash {
        if (iterations < MIN_ITERATIONS) {
            throw new IllegalArgumentException(
                    "PBKDF2 iterations must be at least " + MIN_ITERATIONS + ", not " + iterations);
        }
        salt = salt.clone();
        hash = hash.clone();
        if (salt.length < SALT_BYTES / 2 || hash.length != HASH_BITS / 8) {
            throw new IllegalArgumentException("PBKDF2 salt or hash has the wrong length");
        }
    }

    /** Hashes {@code password} with a fresh random salt and {@link #DEFAULT_ITERATIONS}. */
    public static PasswordHash create(char[] password) {
        byte[] salt = new byte[SALT_BYTES];
        new SecureRandom().nextBytes(salt);
        return new PasswordHash(DEFAULT_ITERATIONS, salt, derive(password, salt, DEFAULT_ITERATIONS));
    }

    /**
     * Reads the form {@link #encoded()} writes.
     *
     * @throws IllegalArgumentException naming the expected form (never echoing the text: it may be a
     *     password written in clear by mistake)
     */
    public static PasswordHash parse(String encoded) {
        requireNonNull(encoded, "encoded is null");
        Matcher matcher = ENCODED.matcher(encoded.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("the password is not a hash of the form " + FORMAT);
        }
        byte[] salt;
        byte[] hash;
        try {
            salt = Base64.getDecoder().decode(matcher.group(2));
            hash = Base64.getDecoder().decode(matcher.group(3));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the password hash has bad Base64: " + e.getMessage());
        }
        return new PasswordHash(Integer.parseInt(matcher.group(1)), salt, hash);
    }

    public String encoded() {
        Base64.Encoder base64 = Base64.getEncoder();
        return PREFIX + "sha256:" + iterations + ":" + base64.encodeToString(salt) + ":" + base64.encodeToString(hash);
    }

    /** Whether {@code password} hashes to this hash; compares in constant time. */
    public boolean matches(String password) {
        return MessageDigest.isEqual(hash, derive(password.toCharArray(), salt, iterations));
    }

    @Override
    public byte[] salt() {
        return salt.clone();
    }

    @Override
    public byte[] hash() {
        return hash.clone();
    }

    @Override
    public String toString() {
        return "PasswordHash[PBKDF2-HMAC-SHA256, " + iterations + " iterations]";
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is missing from this JVM", e);
        } finally {
            spec.clearPassword();
        }
    }
}
