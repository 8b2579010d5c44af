package io.aqueduct.core.settings;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Every engine setting, declared once: its name, its kind of value, its default and what it does.
 * Sessions set them as JDBC connection properties or with {@code SET name = value}; the server takes
 * defaults on its command line. {@code max_tasks_per_stage} defaults to workers × cores (0 here).
 */
public enum Setting {
    DYNAMIC_TASK_COUNT(
            "distributed.dynamic_task_count",
            Kind.BOOLEAN,
            "true",
            "Pick each stage's task count at runtime from sampled producer output; false uses static counts from statistics"),
    DYNAMIC_BYTES_PER_PARTITION(
            "distributed.dynamic_bytes_per_partition",
            Kind.BYTES,
            "20MB",
            "Compute budget per task of a stage sized at runtime, in work units (hashing one byte into a join's"
                    + " probe is one; receiving it half, building a hash table with it two, aggregating it one): lower"
                    + " means more tasks"),
    MAX_TASKS_PER_STAGE(
            "distributed.max_tasks_per_stage",
            Kind.INTEGER,
            "0",
            "Upper bound of tasks per stage; 0 means workers x cores"),
    FIXED_TASK_COUNT(
            "distributed.fixed_task_count",
            Kind.INTEGER,
            "0",
            "With dynamic_task_count off: every stage that reads shuffled input runs exactly this many tasks"
                    + " (not clamped by max_tasks_per_stage); leaf stages keep their count from statistics, gathering"
                    + " stages one task; 0 keeps the static count (one task per worker)"),
    BUCKETS_PER_TASK(
            "distributed.buckets_per_task",
            Kind.INTEGER,
            "4",
            "Hash buckets per consumer task, so that buckets can be coalesced or split"),
    SKEW_FACTOR(
            "distributed.skew_factor",
            Kind.INTEGER,
            "5",
            "A bucket is skewed when larger than this factor times the median bucket and skew_min_bytes"),
    SKEW_MIN_BYTES(
            "distributed.skew_min_bytes",
            Kind.BYTES,
            "64MB",
            "A bucket is skewed only when larger than this and skew_factor times the median bucket"),
    BROADCAST_MAX_BYTES(
            "distributed.broadcast_max_bytes",
            Kind.BYTES,
            "10MB",
            "A join whose build side is smaller than this replicates it to the probe tasks instead of shuffling both sides"),
    QUERY_TIMEOUT(
            "query.timeout",
            Kind.DURATION,
            "0",
            "A query running longer than this is canceled with SQLState HYT00; 0 means no limit. The driver sets it"
                    + " from Statement.setQueryTimeout"),
    QUERY_MAX_RUN_TIME(
            "query.max_run_time",
            Kind.DURATION,
            "0",
            "Server-wide bound on any query's run time, whatever the session's query.timeout; 0 means no limit"),
    QUERY_MAX_ATTEMPTS(
            "query.max_attempts",
            Kind.INTEGER,
            "3",
            "How many times a query that loses a worker runs, counting the first; it runs again on the workers left"
                    + " only while none of its rows has reached the client, else it fails with SQLState 08006"),
    QUERY_MAX_CONCURRENT(
            "query.max_concurrent",
            Kind.INTEGER,
            "0",
            "Server-wide bound on the queries running at once (set on the server: serve --max-concurrent-queries or"
                    + " --set); later ones wait in a queue, shown QUEUED in sys.queries; 0 means no bound"),
    QUERY_QUEUE_TIMEOUT(
            "query.queue_timeout",
            Kind.DURATION,
            "60s",
            "How long a query waits in the admission queue before it fails with SQLState 53000"),
    QUERY_FETCH_WAIT(
            "query.fetch_wait",
            Kind.DURATION,
            "1s",
            "How long a fetch waits for rows before it answers with none, so that the client asks again; keep it"
                    + " well below the client's HTTP read timeout (http_response_timeout, 3 minutes by default)");

    /** The kinds of values settings take. */
    public enum Kind {
        BOOLEAN,
        INTEGER,
        /** A byte count: a plain number or one with a KB, MB or GB suffix (powers of 1024). */
        BYTES,
        /** A duration in milliseconds: a plain number of seconds or one with an ms, s, m or h suffix. */
        DURATION
    }

    private final String settingName;
    private final Kind kind;
    private final String defaultValue;
    private final String description;

    Setting(String settingName, Kind kind, String defaultValue, String description) {
        this.settingName = settingName;
        this.kind = kind;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    public String settingName() {
        return settingName;
    }

    public Kind kind() {
        return kind;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    public static Optional<Setting> byName(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.settingName.equals(key)).findFirst();
    }

    /** The value in its canonical form (booleans true/false, numbers as digits), or a 22023 error. */
    public Object parse(String text) {
        String value = text.trim();
        try {
            return switch (kind) {
                case BOOLEAN -> parseBoolean(value);
                case INTEGER -> nonNegative(Long.parseLong(value));
                case BYTES -> nonNegative(parseBytes(value));
                case DURATION -> nonNegative(parseMillis(value));
            };
        } catch (NumberFormatException e) {
            throw invalid(text);
        }
    }

    private boolean parseBoolean(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "on", "1" -> true;
            case "false", "off", "0" -> false;
            default -> throw invalid(value);
        };
    }

    private static long parseBytes(String value) {
        String upper = value.toUpperCase(Locale.ROOT).replace(" ", "");
        long unit = 1;
        for (String[] suffix : new String[][] {{"GB", "1073741824"}, {"MB", "1048576"}, {"KB", "1024"}, {"B", "1"}}) {
            if (upper.endsWith(suffix[0])) {
                unit = Long.parseLong(suffix[1]);
                upper = upper.substring(0, upper.length() - suffix[0].length());
                break;
            }
        }
        return Math.multiplyExact(Long.parseLong(upper), unit);
    }

    private static long parseMillis(String value) {
        String lower = value.toLowerCase(Locale.ROOT).replace(" ", "");
        for (String[] suffix : new String[][] {{"ms", "1"}, {"s", "1000"}, {"m", "60000"}, {"h", "3600000"}}) {
            if (lower.endsWith(suffix[0])) {
                String amount = lower.substring(0, lower.length() - suffix[0].length());
                return Math.multiplyExact(Long.parseLong(amount), Long.parseLong(suffix[1]));
            }
        }
        return Math.multiplyExact(Long.parseLong(lower), 1000L);
    }

    private long nonNegative(long value) {
        if (value < 0) {
            throw invalid(Long.toString(value));
        }
        return value;
    }

    private AqueductException invalid(String value) {
        String expected =
                switch (kind) {
                    case BOOLEAN -> "true or false";
                    case INTEGER -> "a whole number >= 0";
                    case BYTES -> "a byte count such as 16777216 or 16MB";
                    case DURATION -> "a duration such as 30 (seconds), 500ms, 30s, 5m or 1h";
                };
        return new AqueductException(
                ErrorCode.INVALID_ARGUMENT,
                "Invalid value '" + value + "' for " + settingName + ": expected " + expected);
    }
}
