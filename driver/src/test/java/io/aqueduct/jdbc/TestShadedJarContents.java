package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Inspects the shaded jar that {@code package} built; runs in the {@code integration-test} phase. */
class TestShadedJarContents {
    private static final List<String> DEPENDENCY_PACKAGES = List.of(
            "org/apache/calcite/",
            "com/fasterxml/",
            "com/google/protobuf/",
            "org/apache/hc/",
            "org/slf4j/",
            "org/joou/");

    private static JarFile jar;

    @BeforeAll
    static void openJar() throws IOException {
        jar = new JarFile(System.getProperty("aqueduct.shadedJar"));
    }

    @AfterAll
    static void closeJar() throws IOException {
        jar.close();
    }

    @Test
    void everyClassLivesUnderIoAqueduct() {
        assertThat(entryNames().filter(name -> name.endsWith(".class")))
                .isNotEmpty()
                .allMatch(name -> name.startsWith("io/aqueduct/"));
    }

    @Test
    void noDependencyIsLeftUnrelocated() {
        assertThat(entryNames()).noneMatch(name -> DEPENDENCY_PACKAGES.stream().anyMatch(name::startsWith));
    }

    @Test
    void dependenciesAreInsideUnderTheShadedPrefix() {
        for (String dependencyPackage : DEPENDENCY_PACKAGES) {
            assertThat(entryNames()).anyMatch(name -> name.startsWith("io/aqueduct/jdbc/shaded/" + dependencyPackage));
        }
    }

    @Test
    void onlyTheAqueductDriverIsRegisteredAsJavaSqlDriver() throws IOException {
        JarEntry services = jar.getJarEntry("META-INF/services/java.sql.Driver");
        assertThat(services).isNotNull();
        try (InputStream in = jar.getInputStream(services)) {
            String content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(content.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")))
                    .containsExactly("io.aqueduct.jdbc.AqueductDriver");
        }
    }

    @Test
    void carriesNoSignaturesOrModuleDescriptors() {
        assertThat(entryNames())
                .noneMatch(name -> name.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)"))
                .noneMatch(name -> name.endsWith("module-info.class"));
    }

    private static Stream<String> entryNames() {
        return jar.stream().map(JarEntry::getName);
    }
}
