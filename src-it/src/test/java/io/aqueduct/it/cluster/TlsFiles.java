package io.aqueduct.it.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for {@code localhost} and {@code 127.0.0.1}, made with the JDK's keytool:
 * the server's PKCS12 key store and a client trust store holding only that certificate.
 */
public record TlsFiles(Path keystore, String keystorePassword, Path truststore, String truststorePassword) {
    private static final String ALIAS = "aqueduct";

    public static TlsFiles create(Path directory) throws IOException, InterruptedException {
        TlsFiles files = new TlsFiles(
                directory.resolve("coordinator.p12"), "keystore-pw", directory.resolve("trust.p12"), "truststore-pw");
        Path certificate = directory.resolve("coordinator.crt");
        keytool(
                "-genkeypair",
                "-alias",
                ALIAS,
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-validity",
                "2",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=dns:localhost,ip:127.0.0.1",
                "-storetype",
                "PKCS12",
                "-keystore",
                files.keystore.toString(),
                "-storepass",
                files.keystorePassword,
                "-keypass",
                files.keystorePassword);
        keytool(
                "-exportcert",
                "-alias",
                ALIAS,
                "-keystore",
                files.keystore.toString(),
                "-storepass",
                files.keystorePassword,
                "-file",
                certificate.toString());
        keytool(
                "-importcert",
                "-noprompt",
                "-alias",
                ALIAS,
                "-file",
                certificate.toString(),
                "-storetype",
                "PKCS12",
                "-keystore",
                files.truststore.toString(),
                "-storepass",
                files.truststorePassword);
        return files;
    }

    /** The driver's URL parameters that trust this certificate. */
    public String trustParameters() {
        return "truststore=" + truststore + "&truststore_password=" + truststorePassword;
    }

    private static void keytool(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(1, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException("keytool " + String.join(" ", arguments) + " failed:\n" + output);
        }
    }
}
