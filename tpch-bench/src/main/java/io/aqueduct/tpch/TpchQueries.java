package io.aqueduct.tpch;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The 22 TPC-H queries with the specification's validation parameters, in SQL that Calcite and DuckDB
 * both parse. Usage: {@code for (int q : TpchQueries.numbers()) run(TpchQueries.query(q));}
 */
public final class TpchQueries {
    private static final int QUERY_COUNT = 22;
    private static final List<Integer> NUMBERS =
            IntStream.rangeClosed(1, QUERY_COUNT).boxed().toList();

    private TpchQueries() {}

    /** Query numbers 1 to 22 in order. */
    public static List<Integer> numbers() {
        return NUMBERS;
    }

    /** Text of query {@code number}, without a trailing semicolon. */
    public static String query(int number) {
        if (number < 1 || number > QUERY_COUNT) {
            throw new IllegalArgumentException("TPC-H query number must be in 1..22: " + number);
        }
        String resource = "queries/q%02d.sql".formatted(number);
        try (InputStream in = TpchQueries.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + resource);
            }
            return new String(in.readAllBytes(), UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
