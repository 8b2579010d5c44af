package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TestAqueductUrl {
    @Test
    void hostAloneTakesTheDefaultPort() throws SQLException {
        assertThat(AqueductUrl.parse("jdbc:aqueduct://coordinator"))
                .isEqualTo(new AqueductUrl("coordinator", 8765, Optional.empty(), Optional.empty(), Map.of()));
        assertThat(AqueductUrl.parse("jdbc:aqueduct://coordinator/").port()).isEqualTo(8765);
    }

    @Test
    void hostAndPort() throws SQLException {
        AqueductUrl url = AqueductUrl.parse("jdbc:aqueduct://10.0.0.7:9000");
        assertThat(url.host()).isEqualTo("10.0.0.7");
        assertThat(url.port()).isEqualTo(9000);
        assertThat(url.address()).isEqualTo("10.0.0.7:9000");
    }

    @Test
    void ipv6HostKeepsItsBrackets() throws SQLException {
        assertThat(AqueductUrl.parse("jdbc:aqueduct://[::1]:9000").address()).isEqualTo("[::1]:9000");
        assertThat(AqueductUrl.parse("jdbc:aqueduct://[fe80::1]").address()).isEqualTo("[fe80::1]:8765");
    }

    @Test
    void catalogAndSchemaFromThePath() throws SQLException {
        AqueductUrl catalogOnly = AqueductUrl.parse("jdbc:aqueduct://host:1/tpch");
        assertThat(catalogOnly.catalog()).contains("tpch");
        assertThat(catalogOnly.schema()).isEmpty();
        assertThat(AqueductUrl.parse("jdbc:aqueduct://host:1/tpch/").catalog()).contains("tpch");

        AqueductUrl both = AqueductUrl.parse("jdbc:aqueduct://host:1/tpch/sf1");
        assertThat(both.catalog()).contains("tpch");
        assertThat(both.schema()).contains("sf1");
        assertThat(AqueductUrl.parse("jdbc:aqueduct://host:1/tpch/sf1/").schema())
                .contains("sf1");
    }

    @Test
    void queryParametersInOrder() throws SQLException {
        AqueductUrl url =
                AqueductUrl.parse("jdbc:aqueduct://host/tpch/sf1?ssl=true&distributed.dynamic_task_count=8&empty=&&");
        assertThat(url.parameters())
                .containsExactly(
                        Map.entry("ssl", "true"),
                        Map.entry("distributed.dynamic_task_count", "8"),
                        Map.entry("empty", ""));
        assertThat(AqueductUrl.parse("jdbc:aqueduct://host?a=1").parameters()).containsExactly(Map.entry("a", "1"));
    }

    @Test
    void percentEscapesAreDecodedAsUtf8() throws SQLException {
        AqueductUrl url = AqueductUrl.parse("jdbc:aqueduct://host/my%20catalog/caf%C3%A9?k%3D=a%26b+c");
        assertThat(url.catalog()).contains("my catalog");
        assertThat(url.schema()).contains("café");
        assertThat(url.parameters()).containsExactly(Map.entry("k=", "a&b+c"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "jdbc:aqueduct:host:8765       | it must start with jdbc:aqueduct://",
                "jdbc:aqueduct://              | the host is missing",
                "jdbc:aqueduct://:8765/tpch    | the host is missing",
                "jdbc:aqueduct://host:abc      | port 'abc' is not a number",
                "jdbc:aqueduct://host:         | port '' is not a number",
                "jdbc:aqueduct://host:70000    | port 70000 is out of range 1-65535",
                "jdbc:aqueduct://ada:s3cret@host | user info before the host is not supported; "
                        + "pass user and password as properties",
                "jdbc:aqueduct://ho_st!        | 'ho_st!' is not a valid host",
                "jdbc:aqueduct://host/a/b/c    | the path has more than catalog and schema",
                "jdbc:aqueduct://host//sf1     | the path has an empty catalog or schema",
                "jdbc:aqueduct://host/cat%2    | bad percent-escape in the catalog",
                "jdbc:aqueduct://host/c/s%zz   | bad percent-escape in the schema",
                "jdbc:aqueduct://host?k=%C3    | percent-escapes in the value of 'k' are not UTF-8",
                "jdbc:aqueduct://host?flag     | 'flag' in the query is not key=value",
                "jdbc:aqueduct://host?=1       | '=1' in the query is not key=value",
                "jdbc:aqueduct://host?a=1&a=2  | 'a' appears twice in the query",
                "jdbc:aqueduct://host/tpch/tiny;user=x | ';' does not start properties here: write"
                        + " ?key=value&key=value",
            })
    void badUrlsFailWithSqlState08001(String url, String reason) {
        assertThatThrownBy(() -> AqueductUrl.parse(url))
                .isInstanceOf(SQLException.class)
                .hasMessage("Invalid Aqueduct URL: " + reason
                        + "; expected jdbc:aqueduct://host[:port][/catalog[/schema]][?key=value&...]")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("08001");
    }
}
