package io.aqueduct.core.expr;

/**
 * An interval as PostgreSQL writes it: a day-time interval (milliseconds) as {@code 1 day 03:00:00}, {@code 2 days},
 * {@code 00:00:01.5}, {@code -1 days -03:00:00}; a year-month one (months) as {@code 1 year 2 mons}; zero as
 * {@code 00:00:00}.
 */
final class IntervalText {
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long MONTHS_PER_YEAR = 12;

    private IntervalText() {}

    static String dayTime(long millis) {
        long days = millis / MILLIS_PER_DAY;
        long rest = millis % MILLIS_PER_DAY;
        StringBuilder text = new StringBuilder();
        if (days != 0) {
            text.append(days).append(days == 1 ? " day" : " days");
        }
        if (rest != 0 || days == 0) {
            if (!text.isEmpty()) {
                text.append(' ');
            }
            if (rest < 0) {
                text.append('-');
                rest = -rest;
            }
            text.append("%02d:%02d:%02d".formatted(rest / 3_600_000, rest / 60_000 % 60, rest / 1_000 % 60));
            long fraction = rest % 1_000;
            if (fraction != 0) {
                text.append('.').append("%03d".formatted(fraction).replaceAll("0+$", ""));
            }
        }
        return text.toString();
    }

    static String yearMonth(long months) {
        if (months == 0) {
            return "00:00:00";
        }
        long years = months / MONTHS_PER_YEAR;
        long rest = months % MONTHS_PER_YEAR;
        StringBuilder text = new StringBuilder();
        if (years != 0) {
            text.append(years).append(years == 1 ? " year" : " years");
        }
        if (rest != 0) {
            if (!text.isEmpty()) {
                text.append(' ');
            }
            text.append(rest).append(rest == 1 ? " mon" : " mons");
        }
        return text.toString();
    }
}
