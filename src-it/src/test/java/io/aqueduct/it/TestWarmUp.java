package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code serve} runs its start-up workload before it opens the JDBC endpoint, and leaves no trace of it. */
class TestWarmUp {
    private static final Pattern WARM_UP_LINE = Pattern.compile("Aqueduct warm-up: (\\d+) queries in (\\d+) ms(.*)");

    @Test
    void theWarmUpRunsQueriesBeforeTheEndpointOpensAndHidesThem() throws Exception {
        try (AqueductCluster cluster = AqueductCluster.builder()
                        .name("warm-up")
                        .serveArguments(AqueductCluster.WARMUP_OPTION, "3")
                        .start();
                Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            String line = cluster.awaitLogLine(l -> WARM_UP_LINE.matcher(l).find(), Duration.ZERO)
                    .orElseThrow(() -> new AssertionError("no warm-up line before the ready line"));
            Matcher warmUp = WARM_UP_LINE.matcher(line);
            assertThat(warmUp.find()).isTrue();
            assertThat(Integer.parseInt(warmUp.group(1))).as(line).isPositive();
            assertThat(Long.parseLong(warmUp.group(2))).as(line).isGreaterThanOrEqualTo(3_000);
            assertThat(warmUp.group(3)).as("the warm-up stopped early: " + line).isEmpty();

            try (ResultSet queries = statement.executeQuery("SELECT count(*) FROM sys.queries")) {
                assertThat(queries.next()).isTrue();
                assertThat(queries.getLong(1))
                        .as("queries registered before the first user query")
                        .isZero();
            }
            try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM tpch.tiny.lineitem")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getLong(1)).isPositive();
            }
        }
    }
}
