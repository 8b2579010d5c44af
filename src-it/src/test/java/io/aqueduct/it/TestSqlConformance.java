package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The SQL conformance corpus ({@code src/test/resources/conformance}, sqllogictest-style records that start from
 * CREATE TABLE and INSERT) through the driver on real workers, every record's answer compared with DuckDB's for the
 * same statement. Reports the pass rate and asserts a minimum, that DuckDB accepts every record as written (so the
 * corpus itself is right), and that no record crashes Aqueduct: no internal error (XX000), no lost connection.
 */
@ExtendWith(SharedCluster.class)
class TestSqlConformance {
    private static final List<String> FILES = List.of("basics", "aggregates", "joins", "functions");
    /** The share of records that must give DuckDB's answer; raise it as the engine learns. */
    private static final double MINIMUM_PASS_RATE = 0.85;

    private final AqueductCluster cluster;

    TestSqlConformance(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    /** One record of a corpus file. */
    private record Record(String file, int line, String kind, String sql) {
        boolean ordered() {
            return kind.equals("query ordered");
        }

        @Override
        public String toString() {
            return file + ":" + line + " " + sql;
        }
    }

    /** What Aqueduct did with one record. */
    private enum Outcome {
        PASS,
        FAIL,
        CRASH
    }

    @Test
    void theCorpusGivesDuckDbsAnswers() throws Exception {
        List<String> failures = new ArrayList<>();
        List<String> crashes = new ArrayList<>();
        List<String> corpusErrors = new ArrayList<>();
        int total = 0;
        int passed = 0;
        try (DuckDbOracle oracle = DuckDbOracle.load(0.01)) {
            for (String file : FILES) {
                String schema = "conformance_" + file;
                oracle.update("CREATE SCHEMA memory." + schema);
                oracle.update("USE memory." + schema);
                try (Connection setup = cluster.connect();
                        Statement statement = setup.createStatement()) {
                    statement.executeUpdate("CREATE SCHEMA memory." + schema);
                }
                try (Connection connection = cluster.connect("memory", schema)) {
                    for (Record record : records(file)) {
                        total++;
                        Optional<String> corpusError = checkDuckDb(oracle, record);
                        if (corpusError.isPresent()) {
                            corpusErrors.add(record + ": " + corpusError.get());
                            continue;
                        }
                        String[] detail = new String[1];
                        Outcome outcome = run(connection, oracle, record, detail);
                        switch (outcome) {
                            case PASS -> passed++;
                            case FAIL -> failures.add(record + "\n    " + detail[0]);
                            case CRASH -> crashes.add(record + "\n    " + detail[0]);
                        }
                    }
                }
            }
        }
        double passRate = (double) passed / total;
        System.out.printf(
                "SQL conformance: %d of %d records pass (%.1f%%), %d fail, %d crash%n",
                passed, total, 100 * passRate, failures.size(), crashes.size());
        failures.forEach(failure -> System.out.println("  FAIL " + failure));
        crashes.forEach(crash -> System.out.println("  CRASH " + crash));
        assertThat(corpusErrors)
                .as("records DuckDB does not run as the corpus says")
                .isEmpty();
        assertThat(crashes).as("records that crash Aqueduct").isEmpty();
        assertThat(passRate).as("pass rate; failures: %s", failures).isGreaterThanOrEqualTo(MINIMUM_PASS_RATE);
    }

    /** Runs the record on DuckDB (which also sets up its tables); why DuckDB disagrees with the record, if it does. */
    private static Optional<String> checkDuckDb(DuckDbOracle oracle, Record record) {
        try {
            if (record.kind().startsWith("query")) {
                oracle.query(record.sql());
            } else {
                oracle.update(record.sql());
            }
            return record.kind().equals("statement error") ? Optional.of("DuckDB runs it") : Optional.empty();
        } catch (SQLException e) {
            return record.kind().equals("statement error") ? Optional.empty() : Optional.of(e.getMessage());
        }
    }

    private static Outcome run(Connection connection, DuckDbOracle oracle, Record record, String[] detail) {
        try (Statement statement = connection.createStatement()) {
            switch (record.kind()) {
                case "statement ok" -> {
                    statement.execute(record.sql());
                    return Outcome.PASS;
                }
                case "statement error" -> {
                    statement.execute(record.sql());
                    detail[0] = "Aqueduct ran a statement DuckDB rejects";
                    return Outcome.FAIL;
                }
                default -> {
                    List<List<Object>> actual;
                    try (ResultSet resultSet = statement.executeQuery(record.sql())) {
                        actual = ResultReader.read(resultSet).rows();
                    }
                    Optional<String> difference =
                            ResultComparator.difference(oracle.query(record.sql()), actual, record.ordered());
                    detail[0] = difference.orElse("");
                    return difference.isEmpty() ? Outcome.PASS : Outcome.FAIL;
                }
            }
        } catch (SQLException e) {
            detail[0] = e.getSQLState() + " " + e.getMessage();
            if (record.kind().equals("statement error") && !"XX000".equals(e.getSQLState())) {
                return Outcome.PASS;
            }
            return "XX000".equals(e.getSQLState()) || !isValid(connection) ? Outcome.CRASH : Outcome.FAIL;
        } catch (RuntimeException e) {
            detail[0] = e.toString();
            return Outcome.CRASH;
        }
    }

    private static boolean isValid(Connection connection) {
        try {
            return connection.isValid(5);
        } catch (SQLException e) {
            return false;
        }
    }

    /** The file's records: blocks separated by blank lines, the first line saying what the SQL below it is. */
    private static List<Record> records(String file) throws IOException {
        String text;
        try (InputStream input = TestSqlConformance.class.getResourceAsStream("/conformance/" + file + ".test")) {
            text = new String(input.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Record> records = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int start = i + 1;
            StringBuilder sql = new StringBuilder();
            for (i++; i < lines.length && !lines[i].isBlank(); i++) {
                sql.append(sql.isEmpty() ? "" : "\n").append(lines[i]);
            }
            records.add(new Record(file, start, line, sql.toString()));
        }
        return records;
    }
}
