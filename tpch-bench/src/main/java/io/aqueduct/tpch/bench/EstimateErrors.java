package io.aqueduct.tpch.bench;

import io.aqueduct.tpch.TpchQueries;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far adaptive execution's runtime estimates were from the truth: for every producer stage sized
 * from samples, EXPLAIN ANALYZE reports {@code q-error = max(estimate/actual, actual/estimate)} of its
 * output bytes; this collects them over the queries and summarizes them as P50 and P95.
 */
record EstimateErrors(List<Double> qErrors) {
    private static final Pattern Q_ERROR = Pattern.compile("q-error (\\d+(?:\\.\\d+)?)");

    static EstimateErrors measure(Connection connection, List<Integer> queries) throws SQLException {
        List<Double> errors = new ArrayList<>();
        try (Statement statement = connection.createStatement()) {
            for (int query : queries) {
                try (ResultSet plan = statement.executeQuery("EXPLAIN ANALYZE " + TpchQueries.query(query))) {
                    while (plan.next()) {
                        errors.addAll(parse(plan.getString(1)));
                    }
                }
            }
        }
        return new EstimateErrors(errors);
    }

    static List<Double> parse(String planLine) {
        List<Double> errors = new ArrayList<>();
        Matcher matcher = Q_ERROR.matcher(planLine);
        while (matcher.find()) {
            errors.add(Double.parseDouble(matcher.group(1)));
        }
        return errors;
    }

    /** The nearest-rank percentile, {@code p} in (0, 100]. */
    double percentile(double p) {
        if (qErrors.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = qErrors.stream().sorted().toList();
        int rank = (int) Math.ceil(p / 100 * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }

    String summary() {
        return "Estimate q-error of %d runtime-sized boundaries: P50 %.2f, P95 %.2f"
                .formatted(qErrors.size(), percentile(50), percentile(95));
    }
}
