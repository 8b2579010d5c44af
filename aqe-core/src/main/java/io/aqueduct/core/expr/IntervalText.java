package io.aqueduct.core.expr;

import static io.aqueduct.core.type.DateTimes.MILLIS_PER_DAY;
import static io.aqueduct.core.type.DateTimes.MILLIS_PER_HOUR;
import static io.aqueduct.core.type.DateTimes.MILLIS_PER_MINUTE;
import static io.aqueduct.core.type.DateTimes.MILLIS_PER_SECOND;
import static io.aqueduct.core.type.DateTimes.MONTHS_PER_YEAR;

/**
 * An interval as PostgreSQL writes it: a day-time interval (milliseconds) as {@code 1 day 03:00:00}, {@code 2 days},
 * {@code 00:00:01.5}, {@code -1 days -03:00:00}; a year-month one (months) as {@code 1 year 2 mons}; zero as
 * {@code 00:00:00}.
 */
final class IntervalText {
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
            text.append("%02d:%02d:%02d"
                    .formatted(rest / MILLIS_PER_HOUR, rest / MILLIS_PER_MINUTE % 60, rest / MILLIS_PER_SECOND % 60));
            long fraction = rest % MILLIS_PER_SECOND;
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
