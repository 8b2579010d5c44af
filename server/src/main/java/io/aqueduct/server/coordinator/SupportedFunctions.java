package io.aqueduct.server.coordinator;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.system.SystemSnapshotSource;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The functions {@code DatabaseMetaData.getNumericFunctions()} and its siblings list: of a list of
 * candidates (the JDBC escape functions and the standard's spellings), those the engine accepts, found
 * by planning one call of each. A function the engine learns appears in the lists by itself.
 *
 * <p>Arguments are parameters bound at planning ({@code {i}} an INTEGER, {@code {d}} a DOUBLE,
 * {@code {s}} a VARCHAR, {@code {dt}} a DATE), so that Calcite cannot fold the call away before
 * the engine has to run it.
 */
final class SupportedFunctions {
    /** The JDBC lists, each a category of {@code DatabaseMetaData}. */
    enum Category {
        NUMERIC,
        STRING,
        SYSTEM,
        TIME_DATE
    }

    /** A candidate: its name as the list shows it, and one call of it. */
    record Candidate(Category category, String name, String call) {}

    static final List<Candidate> CANDIDATES = List.of(
            numeric("ABS", "ABS({i})"),
            numeric("ACOS", "ACOS({d})"),
            numeric("ASIN", "ASIN({d})"),
            numeric("ATAN", "ATAN({d})"),
            numeric("ATAN2", "ATAN2({d}, {d})"),
            numeric("CEILING", "CEILING({d})"),
            numeric("COS", "COS({d})"),
            numeric("COT", "COT({d})"),
            numeric("DEGREES", "DEGREES({d})"),
            numeric("EXP", "EXP({d})"),
            numeric("FLOOR", "FLOOR({d})"),
            numeric("LN", "LN({d})"),
            numeric("LOG10", "LOG10({d})"),
            numeric("MOD", "MOD({i}, {i})"),
            numeric("PI", "PI + {d}"),
            numeric("POWER", "POWER({d}, {d})"),
            numeric("RADIANS", "RADIANS({d})"),
            numeric("RAND", "RAND({i})"),
            numeric("ROUND", "ROUND({d}, {i})"),
            numeric("SIGN", "SIGN({i})"),
            numeric("SIN", "SIN({d})"),
            numeric("SQRT", "SQRT({d})"),
            numeric("TAN", "TAN({d})"),
            numeric("TRUNCATE", "TRUNCATE({d}, {i})"),
            string("ASCII", "ASCII({s})"),
            string("CHAR", "CHAR({i})"),
            string("CHAR_LENGTH", "CHAR_LENGTH({s})"),
            string("CHARACTER_LENGTH", "CHARACTER_LENGTH({s})"),
            string("CONCAT", "CONCAT({s}, {s})"),
            string("INITCAP", "INITCAP({s})"),
            string("LEFT", "LEFT({s}, {i})"),
            string("LENGTH", "LENGTH({s})"),
            string("LOWER", "LOWER({s})"),
            string("LPAD", "LPAD({s}, {i}, {s})"),
            string("LTRIM", "LTRIM({s})"),
            string("OCTET_LENGTH", "OCTET_LENGTH({s})"),
            string("OVERLAY", "OVERLAY({s} PLACING {s} FROM 1)"),
            string("POSITION", "POSITION({s} IN {s})"),
            string("REPEAT", "REPEAT({s}, {i})"),
            string("REPLACE", "REPLACE({s}, {s}, {s})"),
            string("REGEXP_EXTRACT", "REGEXP_EXTRACT({s}, {s})"),
            string("REGEXP_SUBSTR", "REGEXP_SUBSTR({s}, {s})"),
            string("REVERSE", "REVERSE({s})"),
            string("RIGHT", "RIGHT({s}, {i})"),
            string("RPAD", "RPAD({s}, {i}, {s})"),
            string("RTRIM", "RTRIM({s})"),
            string("STRPOS", "STRPOS({s}, {s})"),
            string("SPACE", "SPACE({i})"),
            string("SUBSTRING", "SUBSTRING({s} FROM 1 FOR {i})"),
            string("TRIM", "TRIM({s})"),
            string("UPPER", "UPPER({s})"),
            system("COALESCE", "COALESCE({i}, {i})"),
            system("NULLIF", "NULLIF({i}, {i})"),
            system("IFNULL", "IFNULL({i}, {i})"),
            system("GREATEST", "GREATEST({i}, {i})"),
            system("LEAST", "LEAST({i}, {i})"),
            system("USER", "USER || {s}"),
            timeDate("CURRENT_DATE", "CURRENT_DATE"),
            timeDate("CURRENT_TIME", "CURRENT_TIME"),
            timeDate("CURRENT_TIMESTAMP", "CURRENT_TIMESTAMP"),
            timeDate("DAYNAME", "DAYNAME({dt})"),
            timeDate("DAYOFMONTH", "DAYOFMONTH({dt})"),
            timeDate("DAYOFWEEK", "DAYOFWEEK({dt})"),
            timeDate("DAYOFYEAR", "DAYOFYEAR({dt})"),
            timeDate("EXTRACT", "EXTRACT(YEAR FROM {dt})"),
            timeDate("HOUR", "HOUR({dt})"),
            timeDate("LAST_DAY", "LAST_DAY({dt})"),
            timeDate("MONTH", "MONTH({dt})"),
            timeDate("MONTHNAME", "MONTHNAME({dt})"),
            timeDate("NOW", "NOW()"),
            timeDate("QUARTER", "QUARTER({dt})"),
            timeDate("TIMESTAMPADD", "TIMESTAMPADD(DAY, {i}, {dt})"),
            timeDate("TIMESTAMPDIFF", "TIMESTAMPDIFF(DAY, {dt}, {dt})"),
            timeDate("WEEK", "WEEK({dt})"),
            timeDate("YEAR", "YEAR({dt})"));

    private static final Pattern ARGUMENT = Pattern.compile("\\{(i|d|s|dt)}");

    private final List<Candidate> accepted;

    /** Plans each candidate with {@code compiler}, keeping those that plan. */
    SupportedFunctions(Function<String, CompiledQuery> compiler, List<Candidate> candidates) {
        requireNonNull(compiler, "compiler is null");
        List<Candidate> accepted = new ArrayList<>();
        for (Candidate candidate : candidates) {
            if (plans(compiler, candidate)) {
                accepted.add(candidate);
            }
        }
        this.accepted = List.copyOf(accepted);
    }

    /** The comma-separated names of one category, as {@code DatabaseMetaData} answers them. */
    String list(Category category) {
        return String.join(
                ",",
                accepted.stream()
                        .filter(candidate -> candidate.category() == category)
                        .map(Candidate::name)
                        .toList());
    }

    private static boolean plans(Function<String, CompiledQuery> compiler, Candidate candidate) {
        List<Object> values = new ArrayList<>();
        Matcher matcher = ARGUMENT.matcher(candidate.call());
        StringBuilder sql = new StringBuilder("SELECT ");
        while (matcher.find()) {
            String argument = matcher.group(1);
            values.add(
                    switch (argument) {
                        case "i" -> 1;
                        case "d" -> 0.5;
                        case "s" -> "a";
                        default -> "2024-01-31";
                    });
            matcher.appendReplacement(sql, "CAST(? AS " + sqlType(argument) + ")");
        }
        matcher.appendTail(sql);
        try {
            compiler.apply(sql.toString()).plan(values, SystemSnapshotSource.EMPTY);
            return true;
        } catch (RuntimeException e) {
            // Not parsed, not validated or not planned: the engine does not accept this call.
            return false;
        }
    }

    private static String sqlType(String argument) {
        return switch (argument) {
            case "i" -> "INTEGER";
            case "d" -> "DOUBLE";
            case "s" -> "VARCHAR";
            default -> "DATE";
        };
    }

    private static Candidate numeric(String name, String call) {
        return new Candidate(Category.NUMERIC, name, call);
    }

    private static Candidate string(String name, String call) {
        return new Candidate(Category.STRING, name, call);
    }

    private static Candidate system(String name, String call) {
        return new Candidate(Category.SYSTEM, name, call);
    }

    private static Candidate timeDate(String name, String call) {
        return new Candidate(Category.TIME_DATE, name, call);
    }
}
