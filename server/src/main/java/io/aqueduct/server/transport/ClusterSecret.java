package io.aqueduct.server.transport;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/** The shared secret that worker endpoints demand of every caller, compared in constant time. */
public final class ClusterSecret {
    public static final String HEADER = "X-Aqueduct-Secret";
    public static final String ENVIRONMENT_VARIABLE = "AQUEDUCT_SECRET";

    private final String value;

    public ClusterSecret(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("cluster secret is empty");
        }
        this.value = value;
    }

    public static ClusterSecret generate() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return new ClusterSecret(HexFormat.of().formatHex(bytes));
    }

    public String value() {
        return value;
    }

    public boolean matches(String presented) {
        return presented != null
                && MessageDigest.isEqual(
                        value.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
    }
}
