package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A PostgreSQL {@code to_char} template for dates and timestamps, parsed once: YYYY, YYY, YY, Y, IYYY; MM, MONTH,
 * Month, month, MON, Mon, mon; DD, DDD, D, ID; DAY, Day, day, DY, Dy, dy; HH, HH12, HH24, MI, SS, MS, US; AM, PM, am,
 * pm; Q, WW, IW, CC, J. An FM prefix drops the next field's padding; text in double quotes and every other character
 * is copied (a backslash quotes the next character). Names are English, as PostgreSQL's without a locale.
 */
final class PgDateTimeFormat {
    /** A field: its template name, its value as text, and whether it is a number to zero-pad (else blank-padded). */
    private record Field(String name, Function<LocalDateTime, String> text, boolean numeric, int width) {}

    /** Longest names first, so that a longer field wins over its prefix (HH24 over HH, YYYY over YY). */
    private static final List<Field> FIELDS = List.of(
            number("YYYY", t -> t.getYear(), 4),
            number("IYYY", t -> t.get(IsoFields.WEEK_BASED_YEAR), 4),
            name("MONTH", t -> monthName(t).toUpperCase(Locale.ROOT), 9),
            name("Month", PgDateTimeFormat::monthName, 9),
            name("month", t -> monthName(t).toLowerCase(Locale.ROOT), 9),
            number("HH24", LocalDateTime::getHour, 2),
            number("HH12", PgDateTimeFormat::hour12, 2),
            number("YYY", t -> Math.floorMod(t.getYear(), 1000), 3),
            number("DDD", LocalDateTime::getDayOfYear, 3),
            name("DAY", t -> dayName(t).toUpperCase(Locale.ROOT), 9),
            name("Day", PgDateTimeFormat::dayName, 9),
            name("day", t -> dayName(t).toLowerCase(Locale.ROOT), 9),
            name("MON", t -> monthName(t).substring(0, 3).toUpperCase(Locale.ROOT), 3),
            name("Mon", t -> monthName(t).substring(0, 3), 3),
            name("mon", t -> monthName(t).substring(0, 3).toLowerCase(Locale.ROOT), 3),
            name("DY", t -> dayName(t).substring(0, 3).toUpperCase(Locale.ROOT), 3),
            name("Dy", t -> dayName(t).substring(0, 3), 3),
            name("dy", t -> dayName(t).substring(0, 3).toLowerCase(Locale.ROOT), 3),
            number("YY", t -> Math.floorMod(t.getYear(), 100), 2),
            number("MM", LocalDateTime::getMonthValue, 2),
            number("DD", LocalDateTime::getDayOfMonth, 2),
            number("ID", t -> t.getDayOfWeek().getValue(), 1),
            number("HH", PgDateTimeFormat::hour12, 2),
            number("MI", LocalDateTime::getMinute, 2),
            number("SS", LocalDateTime::getSecond, 2),
            number("MS", t -> t.get(ChronoField.MILLI_OF_SECOND), 3),
            number("US", t -> t.get(ChronoField.MICRO_OF_SECOND), 6),
            name("AM", t -> t.getHour() < 12 ? "AM" : "PM", 2),
            name("PM", t -> t.getHour() < 12 ? "AM" : "PM", 2),
            name("am", t -> t.getHour() < 12 ? "am" : "pm", 2),
            name("pm", t -> t.getHour() < 12 ? "am" : "pm", 2),
            number("WW", t -> (t.getDayOfYear() - 1) / 7 + 1, 2),
            number("IW", t -> t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR), 2),
            number("CC", PgDateTimeFormat::century, 2),
            number("Y", t -> Math.floorMod(t.getYear(), 10), 1),
            number("Q", t -> (t.getMonthValue() - 1) / 3 + 1, 1),
            number("D", t -> t.getDayOfWeek().getValue() % 7 + 1, 1),
            number("J", t -> t.toLocalDate().toEpochDay() + 2_440_588, 1));

    /** One piece of the output: literal text, or a field in fill mode (FM: no padding) or not. */
    private record Part(String literal, Field field, boolean fillMode) {}

    private final List<Part> parts;

    private PgDateTimeFormat(List<Part> parts) {
        this.parts = List.copyOf(parts);
    }

    static PgDateTimeFormat parse(String template) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '"') {
                int end = template.indexOf('"', i + 1);
                if (end < 0) {
                    throw new AqueductException(
                            ErrorCode.INVALID_ARGUMENT, "TO_CHAR template has an unclosed quote: " + template);
                }
                literal.append(template, i + 1, end);
                i = end + 1;
                continue;
            }
            if (c == '\\' && i + 1 < template.length()) {
                literal.append(template.charAt(i + 1));
                i += 2;
                continue;
            }
            boolean fillMode = template.startsWith("FM", i) || template.startsWith("fm", i);
            int at = fillMode ? i + 2 : i;
            Field field = fieldAt(template, at);
            if (field == null) {
                literal.append(c);
                i++;
                continue;
            }
            if (!literal.isEmpty()) {
                parts.add(new Part(literal.toString(), null, false));
                literal.setLength(0);
            }
            parts.add(new Part(null, field, fillMode));
            i = at + field.name().length();
        }
        if (!literal.isEmpty()) {
            parts.add(new Part(literal.toString(), null, false));
        }
        return new PgDateTimeFormat(parts);
    }

    String format(LocalDateTime value) {
        StringBuilder text = new StringBuilder();
        for (Part part : parts) {
            if (part.literal() != null) {
                text.append(part.literal());
                continue;
            }
            Field field = part.field();
            String fieldText = field.text().apply(value);
            int padding = part.fillMode() ? 0 : field.width() - fieldText.length();
            if (field.numeric() && fieldText.startsWith("-")) {
                text.append('-');
                fieldText = fieldText.substring(1);
            }
            if (field.numeric()) {
                text.append("0".repeat(Math.max(0, padding)));
            }
            text.append(fieldText);
            if (!field.numeric()) {
                text.append(" ".repeat(Math.max(0, padding)));
            }
        }
        return text.toString();
    }

    private static Field fieldAt(String template, int at) {
        for (Field field : FIELDS) {
            if (template.startsWith(field.name(), at)) {
                return field;
            }
        }
        return null;
    }

    private static Field number(String name, Function<LocalDateTime, Number> value, int width) {
        return new Field(name, t -> String.valueOf(value.apply(t)), true, width);
    }

    private static Field name(String name, Function<LocalDateTime, String> value, int width) {
        return new Field(name, value, false, width);
    }

    private static String monthName(LocalDateTime value) {
        String name = value.getMonth().name();
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }

    private static String dayName(LocalDateTime value) {
        DayOfWeek day = value.getDayOfWeek();
        return day.name().charAt(0) + day.name().substring(1).toLowerCase(Locale.ROOT);
    }

    private static int hour12(LocalDateTime value) {
        int hour = value.getHour() % 12;
        return hour == 0 ? 12 : hour;
    }

    private static int century(LocalDateTime value) {
        return Math.floorDiv(value.getYear() - 1, 100) + 1;
    }
}
