package io.aqueduct.server.coordinator;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The coordinator's start-up workload: runs the queries of {@code warmup.sql} (small ones over the built-in generated
 * data) through the whole query path, from the planner through the workers to the result encoder, again and again
 * until a time budget is spent. A fresh JVM runs its first minute in interpreted and profiling code, about twice as
 * slow as compiled: without this, that cost falls on the first user queries. The queries run in three sessions
 * (adaptive, static task counts, joins kept partitioned with small partitions), so that the paths larger data takes
 * are warmed too, not only the single-task broadcast plans that tiny tables get. They leave no trace in
 * {@code sys.queries}.
 */
public final class WarmUp {
    private static final String RESOURCE = "warmup.sql";
    private static final String USER = "aqueduct-warmup";
    private static final Duration FETCH_WAIT = Duration.ofSeconds(1);

    private final Coordinator coordinator;
    private final List<String> queries;
    private final List<Session> sessions;
    private final LongSupplier nanoTime;

    /**
     * What a warm-up did: the queries it completed, how long it took, and why it stopped early if a query failed (the
     * server's settings may forbid what it runs, e.g. a tiny {@code query.timeout}): a warm-up only ever speeds up.
     */
    public record Result(int queries, Duration elapsed, Optional<String> failure) {
        @Override
        public String toString() {
            String ran = "%d queries in %d ms".formatted(queries, elapsed.toMillis());
            return failure.map(why -> ran + ", then stopped: " + why).orElse(ran);
        }
    }

    WarmUp(Coordinator coordinator, List<String> queries, LongSupplier nanoTime) {
        this.coordinator = coordinator;
        this.queries = List.copyOf(queries);
        this.nanoTime = nanoTime;
        SettingValues defaults = coordinator.defaultSettings();
        this.sessions = List.of(
                session(defaults),
                session(defaults.with(Setting.DYNAMIC_TASK_COUNT.settingName(), "false")),
                session(defaults.with(Setting.BROADCAST_MAX_BYTES.settingName(), "0")
                        .with(Setting.DYNAMIC_BYTES_PER_PARTITION.settingName(), "64KB")));
    }

    /**
     * Runs the built-in workload on {@code coordinator} until {@code budget} is spent (a query that started runs to its
     * end) or a query fails; a zero budget runs nothing.
     */
    public static Result run(Coordinator coordinator, Duration budget) {
        return new WarmUp(coordinator, builtInQueries(), System::nanoTime).runFor(budget);
    }

    Result runFor(Duration budget) {
        long start = nanoTime.getAsLong();
        long deadline = start + budget.toNanos();
        int ran = 0;
        while (!budget.isZero() && nanoTime.getAsLong() < deadline) {
            for (Session session : sessions) {
                for (String sql : queries) {
                    if (nanoTime.getAsLong() >= deadline) {
                        return result(ran, start, Optional.empty());
                    }
                    try {
                        runToEnd(sql, session);
                    } catch (RuntimeException e) {
                        return result(ran, start, Optional.of(String.valueOf(e.getMessage())));
                    }
                    ran++;
                }
            }
        }
        return result(ran, start, Optional.empty());
    }

    private Result result(int ran, long start, Optional<String> failure) {
        return new Result(ran, Duration.ofNanos(nanoTime.getAsLong() - start), failure);
    }

    /** Runs one query, reading every row the client would, and removes it from the query registry. */
    private void runToEnd(String sql, Session session) {
        RetryingQuery query = coordinator.execute(
                coordinator.compile(sql, session), List.of(), session, USER, 0, nanoTime.getAsLong());
        try {
            // As the JDBC endpoint reads: the query is done once a fetch has taken its last rows.
            do {
                query.fetch(Integer.MAX_VALUE, Long.MAX_VALUE, FETCH_WAIT);
            } while (!query.isDone());
        } finally {
            query.close();
            coordinator.queries().forget(query.queryId());
        }
    }

    private Session session(SettingValues settings) {
        return new Session(
                USER,
                Session.DEFAULT_CATALOG,
                Session.DEFAULT_SCHEMA,
                settings,
                ZoneOffset.UTC,
                true,
                TimestampUnit.MILLIS);
    }

    /** The statements of {@code warmup.sql}: split at semicolons, comment lines dropped. */
    static List<String> builtInQueries() {
        try (InputStream in = WarmUp.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + RESOURCE);
            }
            return statements(new String(in.readAllBytes(), UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> statements(String script) {
        StringBuilder code = new StringBuilder();
        script.lines().filter(line -> !line.strip().startsWith("--")).forEach(line -> code.append(line)
                .append('\n'));
        List<String> statements = new ArrayList<>();
        Arrays.stream(code.toString().split(";"))
                .map(String::strip)
                .filter(statement -> !statement.isEmpty())
                .forEach(statements::add);
        return statements;
    }
}
