package io.aqueduct.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Malformed statements made from valid ones, reproducibly from a seed: tokens dropped, swapped or
 * repeated, literals replaced by random ones, the text cut short, and now and then a huge input (deep
 * nesting, a very long literal, identifier or list). Some mutations stay valid SQL; that is fine, the
 * server must answer those too.
 */
final class StatementMutator {
    /** A quoted literal, a word or number, or one other character. */
    private static final Pattern TOKEN = Pattern.compile("'(?:[^']|'')*'|[A-Za-z0-9_.]+|\\S");

    private static final List<String> LITERALS = List.of(
            "99999999999999999999999999999999999999",
            "-9223372036854775809",
            "1e309",
            "0.0000000000000000000000000000000000001",
            "''",
            "'it''s'",
            "'\u00e9\u4e2d\ud83d\ude00'",
            "'unterminated",
            "DATE '1998-13-45'",
            "DATE 'yesterday'",
            "TIMESTAMP '2020-02-30 25:61:61'",
            "INTERVAL '-1' YEAR",
            "INTERVAL 'x' DAY",
            "NULL",
            "TRUE",
            "X'zz'",
            "1/0",
            "CAST('a' AS INTEGER)",
            "?",
            "\"\"",
            "\"no_such_column\"",
            "--",
            "/*",
            ";",
            "\u0000");

    private final Random random;

    StatementMutator(long seed) {
        this.random = new Random(seed);
    }

    /** One mutation of {@code sql}. */
    String mutate(String sql) {
        if (random.nextInt(100) == 0) {
            return huge(sql);
        }
        List<String> tokens = tokens(sql);
        int mutations = 1 + random.nextInt(3);
        for (int i = 0; i < mutations && !tokens.isEmpty(); i++) {
            int at = random.nextInt(tokens.size());
            switch (random.nextInt(5)) {
                case 0 -> tokens.remove(at);
                case 1 -> {
                    int other = random.nextInt(tokens.size());
                    String token = tokens.get(at);
                    tokens.set(at, tokens.get(other));
                    tokens.set(other, token);
                }
                case 2 -> {
                    int copies = 1 + random.nextInt(4);
                    for (int c = 0; c < copies; c++) {
                        tokens.add(at, tokens.get(at));
                    }
                }
                case 3 -> tokens.set(at, LITERALS.get(random.nextInt(LITERALS.size())));
                default -> {
                    String text = String.join(" ", tokens);
                    return text.substring(0, random.nextInt(text.length() + 1));
                }
            }
        }
        return String.join(" ", tokens);
    }

    private String huge(String sql) {
        int size = 10_000 + random.nextInt(90_000);
        return switch (random.nextInt(5)) {
            case 0 -> "SELECT " + "(".repeat(size / 10) + "1" + ")".repeat(size / 10);
            case 1 -> "SELECT '" + "x".repeat(size * 10) + "' FROM nation WHERE";
            case 2 -> "SELECT " + "a".repeat(size) + " FROM nation";
            case 3 -> {
                StringBuilder list = new StringBuilder("SELECT * FROM nation WHERE n_nationkey IN (");
                for (int i = 0; i < size / 5; i++) {
                    list.append(random.nextInt()).append(", ");
                }
                yield list.append(")").toString();
            }
            default -> (sql + " UNION ALL ").repeat(1 + size / sql.length());
        };
    }

    private static List<String> tokens(String sql) {
        List<String> tokens = new ArrayList<>();
        Matcher matcher = TOKEN.matcher(sql);
        while (matcher.find()) {
            tokens.add(matcher.group());
        }
        return tokens;
    }
}
