package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import org.apache.calcite.avatica.DriverVersion;
import org.junit.jupiter.api.Test;

class TestAqueductDriver {
    private final AqueductDriver driver = new AqueductDriver();

    @Test
    void acceptsOnlyAqueductUrls() throws SQLException {
        assertThat(driver.acceptsURL("jdbc:aqueduct://host:8765/tpch")).isTrue();
        assertThat(driver.acceptsURL("jdbc:aqueduct:")).isTrue();
        assertThat(driver.acceptsURL("jdbc:avatica:remote:url=http://host:8765"))
                .isFalse();
        assertThat(driver.acceptsURL("jdbc:aqueductdb://host")).isFalse();
        assertThat(driver.acceptsURL("jdbc:postgresql://host/db")).isFalse();
    }

    @Test
    void ignoresUrlsOfOtherDrivers() throws SQLException {
        assertThat(driver.connect("jdbc:postgresql://host/db", new Properties()))
                .isNull();
    }

    @Test
    void isRegisteredWithDriverManager() throws SQLException {
        assertThat(DriverManager.getDriver("jdbc:aqueduct://host")).isInstanceOf(AqueductDriver.class);
    }

    @Test
    void versionNamesTheProduct() {
        String projectVersion = System.getProperty("aqueduct.version");
        DriverVersion version = driver.getDriverVersion();
        assertThat(version.name).isEqualTo("Aqueduct JDBC Driver");
        assertThat(version.versionString).isEqualTo(projectVersion);
        assertThat(version.productName).isEqualTo("Aqueduct");
        assertThat(version.productVersion).isEqualTo(projectVersion);
        String[] numbers = projectVersion.replaceAll("-.*$", "").split("\\.");
        assertThat(driver.getMajorVersion()).isEqualTo(Integer.parseInt(numbers[0]));
        assertThat(driver.getMinorVersion()).isEqualTo(Integer.parseInt(numbers[1]));
        assertThat(driver.jdbcCompliant()).isFalse();
    }

    @Test
    void badUrlFailsWithSqlState08001() {
        assertThatThrownBy(() -> driver.connect("jdbc:aqueduct://host:port", new Properties()))
                .isInstanceOf(SQLException.class)
                .hasMessageStartingWith("Invalid Aqueduct URL: port 'port' is not a number")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("08001");
    }

    @Test
    void refusedConnectionFailsQuicklyWithSqlState08001() throws IOException {
        int closedPort = closedPort();
        String url = "jdbc:aqueduct://localhost:" + closedPort + "/tpch";
        assertTimeoutPreemptively(
                Duration.ofSeconds(30), () -> assertThatThrownBy(() -> driver.connect(url, new Properties()))
                        .isInstanceOf(SQLException.class)
                        .hasMessageStartingWith("Cannot connect to Aqueduct at localhost:" + closedPort + ": ")
                        .hasMessageNotContaining("\n")
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("08001"));
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
