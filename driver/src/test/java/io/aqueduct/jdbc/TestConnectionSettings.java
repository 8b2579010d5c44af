package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TestConnectionSettings {
    /** What the driver asks of every server: TIMESTAMP values as microseconds, which it reads. */
    private static final Map.Entry<String, String> MICROS = Map.entry("timestampUnit", "micros");

    @Test
    void defaultsToPlainHttpAndProtobufAndFramesSizedByTheServer() throws SQLException {
        ConnectionSettings settings = settings("jdbc:aqueduct://coordinator", new Properties());
        assertThat(settings.address()).isEqualTo("coordinator:8765");
        assertThat(settings.avaticaProperties())
                .containsOnly(
                        Map.entry("url", "http://coordinator:8765"),
                        Map.entry("serialization", "PROTOBUF"),
                        Map.entry("factory", AqueductServiceFactory.class.getName()),
                        Map.entry("httpclient_impl", PerRequestContextHttpClient.class.getName()),
                        Map.entry("fetch_size", "65536"));
        assertThat(settings.serverProperties()).containsExactly(MICROS);
    }

    @Test
    void aGivenFetchSizeIsKept() throws SQLException {
        ConnectionSettings settings = settings("jdbc:aqueduct://coordinator?fetch_size=100", new Properties());
        assertThat(settings.avaticaProperties()).containsEntry("fetch_size", "100");
        assertThat(settings.serverProperties()).containsExactly(MICROS);
    }

    @Test
    void serverReceivesCatalogSchemaAndEngineSettings() throws SQLException {
        Properties info = properties("distributed.dynamic_task_count", "8", "schema", "sf1");
        ConnectionSettings settings = settings("jdbc:aqueduct://host:9000/tpch/sf1?join.broadcast_limit=10MB", info);
        assertThat(settings.serverProperties())
                .containsExactly(
                        Map.entry("catalog", "tpch"),
                        Map.entry("schema", "sf1"),
                        Map.entry("join.broadcast_limit", "10MB"),
                        Map.entry("distributed.dynamic_task_count", "8"),
                        MICROS);
    }

    @Test
    void catalogAndSchemaMayAlsoBeKeys() throws SQLException {
        ConnectionSettings settings = settings("jdbc:aqueduct://host?catalog=tpch", properties("schema", "sf1"));
        assertThat(settings.serverProperties())
                .containsExactly(Map.entry("catalog", "tpch"), Map.entry("schema", "sf1"), MICROS);
    }

    @Test
    void sslSwitchesToHttps() throws SQLException {
        assertThat(settings("jdbc:aqueduct://host:443?ssl=TRUE", new Properties())
                        .avaticaProperties())
                .containsEntry("url", "https://host:443");
        assertThat(settings("jdbc:aqueduct://host", properties("ssl", "false")).avaticaProperties())
                .containsEntry("url", "http://host:8765");
    }

    @Test
    void serializationCanBeJson() throws SQLException {
        assertThat(settings("jdbc:aqueduct://host?serialization=json", new Properties())
                        .avaticaProperties())
                .containsEntry("serialization", "JSON");
    }

    @Test
    void userAndPasswordTurnOnBasicAuthenticationAndThePasswordStaysLocal() throws SQLException {
        ConnectionSettings settings = settings("jdbc:aqueduct://host", properties("user", "ada", "password", "s3cret"));
        assertThat(settings.avaticaProperties())
                .contains(
                        Map.entry("authentication", "BASIC"),
                        Map.entry("avatica_user", "ada"),
                        Map.entry("avatica_password", "s3cret"));
        assertThat(settings.serverProperties()).containsExactly(Map.entry("user", "ada"), MICROS);
    }

    @Test
    void userWithoutPasswordIsOnlyAnIdentity() throws SQLException {
        ConnectionSettings settings = settings("jdbc:aqueduct://host", properties("user", "ada"));
        assertThat(settings.avaticaProperties()).doesNotContainKey("authentication");
        assertThat(settings.serverProperties()).containsExactly(Map.entry("user", "ada"), MICROS);
    }

    /** sqlline and DBeaver send empty ones for blank fields; the URL's must win. */
    @Test
    void emptyUserAndPasswordPropertiesCountAsNotGiven() throws SQLException {
        ConnectionSettings settings =
                settings("jdbc:aqueduct://host?user=ada&password=s3cret", properties("user", "", "password", ""));
        assertThat(settings.avaticaProperties())
                .contains(Map.entry("avatica_user", "ada"), Map.entry("avatica_password", "s3cret"));
        assertThat(settings.user()).contains("ada");
        assertThat(settings.passwordGiven()).isTrue();

        ConnectionSettings anonymous = settings("jdbc:aqueduct://host", properties("user", "", "password", ""));
        assertThat(anonymous.avaticaProperties()).doesNotContainKeys("authentication", "avatica_user");
        assertThat(anonymous.user()).isEmpty();
        assertThat(anonymous.passwordGiven()).isFalse();
    }

    @Test
    void avaticaCredentialKeysWinOverUserAndPassword() throws SQLException {
        ConnectionSettings settings = settings(
                "jdbc:aqueduct://host",
                properties("user", "ada", "avatica_user", "grace", "avatica_password", "s3cret"));
        assertThat(settings.avaticaProperties())
                .contains(
                        Map.entry("authentication", "BASIC"),
                        Map.entry("avatica_user", "grace"),
                        Map.entry("avatica_password", "s3cret"));
        assertThat(settings.serverProperties()).containsExactly(Map.entry("user", "ada"), MICROS);
        assertThat(settings.user()).contains("grace");
        assertThat(settings.passwordGiven()).isTrue();
    }

    @Test
    void explicitAuthenticationSchemeWins() throws SQLException {
        Properties info = properties("user", "ada", "password", "s3cret", "authentication", "DIGEST");
        assertThat(settings("jdbc:aqueduct://host", info).avaticaProperties())
                .containsEntry("authentication", "DIGEST");
    }

    @Test
    void avaticaClientKeysStayLocal() throws SQLException {
        ConnectionSettings settings =
                settings("jdbc:aqueduct://host?http_response_timeout=60000", properties("truststore", "/tmp/ts.jks"));
        assertThat(settings.avaticaProperties())
                .contains(Map.entry("http_response_timeout", "60000"), Map.entry("truststore", "/tmp/ts.jks"));
        assertThat(settings.serverProperties()).containsExactly(MICROS);
    }

    @Test
    void timeZoneGoesToTheClientAndTheServer() throws SQLException {
        ConnectionSettings settings = settings("jdbc:aqueduct://host", properties("timeZone", "Asia/Tokyo"));
        assertThat(settings.avaticaProperties()).contains(Map.entry("timeZone", "Asia/Tokyo"));
        assertThat(settings.serverProperties()).containsExactly(Map.entry("timeZone", "Asia/Tokyo"), MICROS);
    }

    @Test
    void aClientMayAskForMillisecondTimestamps() throws SQLException {
        assertThat(settings("jdbc:aqueduct://host?timestampUnit=millis", new Properties())
                        .serverProperties())
                .containsExactly(Map.entry("timestampUnit", "millis"));
    }

    @Test
    void sameKeyWithTheSameValueInUrlAndPropertiesIsFine() throws SQLException {
        assertThat(settings("jdbc:aqueduct://host/tpch", properties("catalog", "tpch"))
                        .serverProperties())
                .containsExactly(Map.entry("catalog", "tpch"), MICROS);
    }

    @Test
    void contradictoryValuesFail() {
        assertInvalid(
                "jdbc:aqueduct://host/tpch",
                properties("catalog", "tpcds"),
                "Invalid Aqueduct connection setting: 'catalog' is given twice with different values");
    }

    @Test
    void badValuesFail() {
        assertInvalid(
                "jdbc:aqueduct://host?ssl=yes",
                new Properties(),
                "Invalid Aqueduct connection setting: 'ssl' must be true or false, not 'yes'");
        assertInvalid(
                "jdbc:aqueduct://host",
                properties("serialization", "xml"),
                "Invalid Aqueduct connection setting: 'serialization' must be PROTOBUF or JSON, not 'xml'");
    }

    @Test
    void keysTheDriverDerivesCannotBeSet() {
        assertInvalid(
                "jdbc:aqueduct://host?url=http://elsewhere",
                new Properties(),
                "Invalid Aqueduct connection setting: 'url' is derived by the driver and cannot be set");
        assertInvalid(
                "jdbc:aqueduct://host",
                properties("factory", "com.example.Factory"),
                "Invalid Aqueduct connection setting: 'factory' is derived by the driver and cannot be set");
    }

    private static void assertInvalid(String url, Properties info, String message) {
        assertThatThrownBy(() -> settings(url, info))
                .isInstanceOf(SQLException.class)
                .hasMessage(message)
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("08001");
    }

    private static ConnectionSettings settings(String url, Properties info) throws SQLException {
        return ConnectionSettings.create(AqueductUrl.parse(url), info);
    }

    private static Properties properties(String... keysAndValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        }
        return properties;
    }
}
