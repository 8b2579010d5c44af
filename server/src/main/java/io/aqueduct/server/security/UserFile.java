package io.aqueduct.server.security;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * The users allowed on the JDBC endpoint: a Jetty realm file whose lines read
 * {@code name: PBKDF2:sha256:...[,role...]} ({@code aqueduct hash-password} writes them).
 *
 * <p>Jetty reads this file itself; {@link #load} checks it first so that a mistake fails the start
 * with a message naming the user, and a password written in clear (which Jetty would accept as is)
 * or in a weak form ({@code MD5:}, {@code CRYPT:}, {@code OBF:}) is refused.
 */
public record UserFile(Path path, List<String> users) {
    public UserFile {
        path = path.toAbsolutePath().normalize();
        users = List.copyOf(users);
    }

    /** @throws IllegalArgumentException with a one-line reason when the file is unusable */
    public static UserFile load(Path path) {
        Properties entries = new Properties();
        try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            entries.load(reader);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("user file " + path + " does not exist", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read user file " + path + ": " + e.getMessage(), e);
        }
        for (String user : entries.stringPropertyNames()) {
            String credential = entries.getProperty(user).split(",", 2)[0].strip();
            if (user.isBlank()) {
                throw new IllegalArgumentException("user file " + path + " has an entry with an empty user name");
            }
            try {
                PasswordHash.parse(credential);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("user '" + user.strip() + "' in " + path + ": " + e.getMessage()
                        + " (write it with: aqueduct hash-password --user " + user.strip() + ")");
            }
        }
        List<String> users = entries.stringPropertyNames().stream()
                .map(String::strip)
                .sorted()
                .toList();
        if (users.isEmpty()) {
            throw new IllegalArgumentException("user file " + path + " lists no users");
        }
        return new UserFile(path, users);
    }
}
