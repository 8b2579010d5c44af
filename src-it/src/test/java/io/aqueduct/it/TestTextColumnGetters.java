package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Calendar;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The getters JDBC's conversion table allows on a character column, through the driver against real workers: a
 * VARCHAR's text read as a number, a boolean, a date or time, bytes or a stream (Avatica's client refused all of
 * them). Each converted value is checked against the same value the server computed in its own type.
 */
@ExtendWith(SharedCluster.class)
class TestTextColumnGetters {
    private final AqueductCluster cluster;

    TestTextColumnGetters(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @Test
    void numbersInTextReadAsTheNumbersTheyWrite() throws SQLException {
        String sql = "SELECT CAST(o_orderkey AS VARCHAR), o_orderkey, CAST(o_totalprice AS VARCHAR), o_totalprice,"
                + " CAST(o_shippriority AS VARCHAR), o_shippriority FROM orders ORDER BY o_orderkey LIMIT 200";
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            int read = 0;
            while (rows.next()) {
                assertThat(rows.getLong(1)).isEqualTo(rows.getLong(2));
                assertThat(rows.getInt(1)).isEqualTo(rows.getInt(2));
                assertThat(rows.getBigDecimal(3)).isEqualByComparingTo(rows.getBigDecimal(4));
                assertThat(rows.getDouble(3)).isEqualTo(rows.getDouble(4));
                assertThat(rows.getBigDecimal(3, 1))
                        .isEqualTo(rows.getBigDecimal(4).setScale(1, RoundingMode.DOWN));
                assertThat(rows.getShort(5)).isEqualTo(rows.getShort(6));
                assertThat(rows.getObject(1, Long.class)).isEqualTo(rows.getLong(2));
                read++;
            }
            assertThat(read).isEqualTo(200);
        }
    }

    @Test
    void datesAndTimestampsInTextReadAsTheValuesTheyWrite() throws SQLException {
        String sql = "SELECT CAST(o_orderdate AS VARCHAR), o_orderdate,"
                + " CAST(CAST(o_orderdate AS TIMESTAMP) + INTERVAL '3:25:07' HOUR TO SECOND AS VARCHAR),"
                + " CAST(o_orderdate AS TIMESTAMP) + INTERVAL '3:25:07' HOUR TO SECOND"
                + " FROM orders ORDER BY o_orderkey LIMIT 100";
        Calendar tokyo = Calendar.getInstance(TimeZone.getTimeZone("Asia/Tokyo"));
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            int read = 0;
            while (rows.next()) {
                assertThat(rows.getDate(1)).isEqualTo(rows.getDate(2));
                assertThat(rows.getDate(1, tokyo)).isEqualTo(rows.getDate(2, tokyo));
                assertThat(rows.getObject(1, LocalDate.class)).isEqualTo(rows.getObject(2, LocalDate.class));
                assertThat(rows.getTimestamp(3)).isEqualTo(rows.getTimestamp(4));
                assertThat(rows.getObject(3, LocalDateTime.class)).isEqualTo(rows.getObject(4, LocalDateTime.class));
                assertThat(rows.getTime(3)).hasToString("03:25:07");
                read++;
            }
            assertThat(read).isEqualTo(100);
        }
    }

    @Test
    void booleanWordsAndStreamsReadFromText() throws SQLException, IOException {
        String sql = "SELECT 'true', ' Yes ', 'off', '0', 'Zürich', CAST(NULL AS VARCHAR)";
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getBoolean(1)).isTrue();
            assertThat(rows.getBoolean(2)).isTrue();
            assertThat(rows.getBoolean(3)).isFalse();
            assertThat(rows.getBoolean(4)).isFalse();
            assertThat(rows.getBytes(5)).isEqualTo("Zürich".getBytes(StandardCharsets.UTF_8));
            assertThat(rows.getNString(5)).isEqualTo("Zürich");
            try (Reader reader = rows.getCharacterStream(5)) {
                char[] chars = new char[16];
                assertThat(new String(chars, 0, reader.read(chars))).isEqualTo("Zürich");
            }
            try (InputStream ascii = rows.getAsciiStream(1)) {
                assertThat(new String(ascii.readAllBytes(), StandardCharsets.US_ASCII))
                        .isEqualTo("true");
            }
            assertThat(rows.getInt(6)).isZero();
            assertThat(rows.wasNull()).isTrue();
            assertThat(rows.getBigDecimal(6)).isNull();
            assertThat(rows.getDate(6)).isNull();
            assertThat(rows.getCharacterStream(6)).isNull();
        }
    }

    @Test
    void textThatIsNoValueOfTheTypeFailsWithADataException() throws SQLException {
        String sql = "SELECT 'abc', '1.5', '99999999999', '2024-02-30'";
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            assertThatThrownBy(() -> rows.getInt(1))
                    .isInstanceOf(SQLDataException.class)
                    .hasMessageContaining("'abc'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22018");
            assertThatThrownBy(() -> rows.getBoolean(1))
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22018");
            assertThat(rows.getInt(2)).isEqualTo(1);
            assertThat(rows.getDouble(2)).isEqualTo(1.5);
            assertThat(rows.getLong(3)).isEqualTo(99_999_999_999L);
            assertThatThrownBy(() -> rows.getInt(3))
                    .isInstanceOf(SQLDataException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22003");
            assertThatThrownBy(() -> rows.getDate(4))
                    .isInstanceOf(SQLDataException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22018");
            assertThat(rows.getString(1)).isEqualTo("abc");
        }
    }
}
