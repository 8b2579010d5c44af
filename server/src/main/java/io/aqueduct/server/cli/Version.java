package io.aqueduct.server.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The Aqueduct version this build carries (from the Maven project version). */
public final class Version {
    private Version() {}

    public static String current() {
        try (InputStream in = Version.class.getResourceAsStream("/io/aqueduct/server/version.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException | NullPointerException e) {
            throw new UncheckedIOException(new IOException("version.properties is missing from the build", e));
        }
    }
}
