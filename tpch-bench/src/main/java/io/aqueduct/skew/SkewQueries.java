package io.aqueduct.skew;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The queries of the skew workload, over the built-in {@code skew} catalog's {@code fact} and {@code dim}
 * tables (unqualified, so the session's schema picks the size). Their results contain no floating-point
 * values, so two runs can be compared row for row. Usage:
 * {@code for (String name : SkewQueries.names()) run(SkewQueries.query(name));}
 */
public final class SkewQueries {
    private static final List<String> NAMES = List.of("join_by_group", "join_count_by_key", "aggregate_by_key");

    private SkewQueries() {}

    /**
     * The query names in their order: {@code join_by_group} (fact joined with dim, aggregated to the 100
     * groups), {@code join_count_by_key} (fact joined with dim, one row per key), {@code aggregate_by_key}
     * (fact aggregated on its skewed key, no join).
     */
    public static List<String> names() {
        return NAMES;
    }

    /** Text of the query called {@code name}, without a trailing semicolon. */
    public static String query(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("Unknown skew query '%s'; expected one of %s".formatted(name, NAMES));
        }
        String resource = "queries/" + name + ".sql";
        try (InputStream in = SkewQueries.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + resource);
            }
            return new String(in.readAllBytes(), UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
