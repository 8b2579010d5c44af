package io.aqueduct.server.cli;

import io.aqueduct.server.security.PasswordHash;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code aqueduct hash-password --user NAME}: reads a password (from the terminal without echo, or
 * the first line of standard input) and prints the line for the {@code serve --auth-file} user file.
 */
@Command(
        name = "hash-password",
        mixinStandardHelpOptions = true,
        description = "Print a user file line for 'serve --auth-file': the user's name and a PBKDF2 hash of the"
                + " password, read from the terminal (no echo) or the first line of standard input.")
final class HashPasswordCommand implements Callable<Integer> {
    /** What a realm file's key and role names can hold without escaping. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._@-]+");

    private final InputStream standardInput;

    @Spec
    CommandSpec spec;

    @Option(names = "--user", required = true, description = "The user's name.")
    String user;

    @Option(
            names = "--role",
            split = ",",
            description = "Roles to record with the user (repeatable); any authenticated user may connect.")
    List<String> roles = List.of();

    HashPasswordCommand() {
        this(System.in);
    }

    /** Reads the password from {@code standardInput} when there is no terminal. */
    HashPasswordCommand(InputStream standardInput) {
        this.standardInput = standardInput;
    }

    @Override
    public Integer call() throws IOException {
        for (String name : Stream.concat(Stream.of(user), roles.stream()).toList()) {
            if (!NAME.matcher(name).matches()) {
                throw new ParameterException(
                        spec.commandLine(), "'" + name + "' is not a valid name: use letters, digits and ._@-");
            }
        }
        char[] password = readPassword();
        try {
            if (password.length == 0) {
                throw new ParameterException(spec.commandLine(), "the password is empty");
            }
            String entry = user + ": " + PasswordHash.create(password).encoded();
            PrintWriter out = spec.commandLine().getOut();
            out.println(roles.isEmpty() ? entry : entry + "," + String.join(",", roles));
            out.flush();
            return 0;
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    private char[] readPassword() throws IOException {
        Console console = System.console();
        if (console != null) {
            char[] password = console.readPassword("Password for %s: ", user);
            char[] again = console.readPassword("Repeat it: ");
            if (password == null || !Arrays.equals(password, again)) {
                throw new ParameterException(spec.commandLine(), "the passwords differ");
            }
            return password;
        }
        String line = new BufferedReader(new InputStreamReader(standardInput, StandardCharsets.UTF_8)).readLine();
        return line == null ? new char[0] : line.toCharArray();
    }
}
