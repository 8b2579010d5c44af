package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DateTimes;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A PostgreSQL {@code to_char} template for dates and timestamps, parsed once: YYYY, YYY, YY, Y, IYYY; MM, MONTH,
 * Month, month, MON, Mon, mon; DD, DDD, D, ID; DAY, Day, day, DY, Dy, dy; HH, HH12, HH24, MI, SS, MS, US; AM, PM, am,
 * pm; Q, WW, IW, CC, J. An FM prefix drops the next field's padding; text in double quotes and every other character
 * is copied (a backslash quotes the next character). Names are English, as PostgreSQL's without a locale.
 *
 * <p>The same template reads text back ({@link #read}, PostgreSQL's {@code to_date} and {@code to_timestamp}): a
 * number field takes its digits (at most its width where another field follows at once), a name field any case of the
 * name, a literal skips as many characters (blanks in the template any number of blanks); day-of-week fields are read
 * and ignored, and a field missing leaves the date at January 1 of the year 1, midnight. IYYY, IW, WW, Q and CC do not
 * read (0A000); text that does not fit the template fails with 22007, a date that does not exist with 22008.
 */
final class PgDateTimeFormat {
    /** A field: its template name, its value as text, and whether it is a number to zero-pad (else blank-padded). */
    private record Field(String name, Function<LocalDateTime, String> text, boolean numeric, int width) {}

    /** Longest names first, so that a longer field wins over its prefix (HH24 over HH, YYYY over YY). */
    private static final List<String> MONTHS =
            Arrays.stream(Month.values()).map(PgDateTimeFormat::englishName).toList();

    private static final List<String> DAYS =
            Arrays.stream(DayOfWeek.values()).map(PgDateTimeFormat::englishName).toList();

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
                            ErrorCode.INVALID_ARGUMENT, "The date/time template has an unclosed quote: " + template);
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

    /** The date and time {@code text} writes in this template. */
    LocalDateTime read(String text) {
        TemplateReader reader = new TemplateReader(text);
        for (int i = 0; i < parts.size(); i++) {
            Part part = parts.get(i);
            if (part.literal() != null) {
                reader.skip(part.literal());
            } else {
                boolean fieldFollows = i + 1 < parts.size() && parts.get(i + 1).field() != null;
                reader.readField(part.field(), fieldFollows && !part.fillMode());
            }
        }
        return reader.value();
    }

    /** One reading of text: where it is, and the fields read so far. */
    private static final class TemplateReader {
        private final String text;
        private int at;
        private int year = 1;
        private int month = 1;
        private int day = 1;
        private int dayOfYear;
        private long julianDay = -1;
        private int hour;
        private boolean hour12;
        private boolean afternoon;
        private int minute;
        private int second;
        private int micros;

        TemplateReader(String text) {
            this.text = text;
        }

        void skip(String literal) {
            for (int i = 0; i < literal.length(); i++) {
                char expected = literal.charAt(i);
                if (expected == ' ') {
                    skipBlanks();
                } else if (at < text.length()
                        && (text.charAt(at) == expected
                                || !Character.isLetterOrDigit(text.charAt(at))
                                        && !Character.isLetterOrDigit(expected))) {
                    at++;
                } else {
                    throw mismatch("'" + expected + "'");
                }
            }
        }

        void readField(Field field, boolean fixedWidth) {
            switch (field.name()) {
                case "YYYY", "YYY", "YY", "Y" -> year = year(field.name().length(), number(field, fixedWidth));
                case "MM" -> month = number(field, fixedWidth);
                case "DD" -> day = number(field, fixedWidth);
                case "DDD" -> dayOfYear = number(field, fixedWidth);
                case "J" -> julianDay = number(field, fixedWidth);
                case "HH24" -> hour = number(field, fixedWidth);
                case "HH", "HH12" -> {
                    hour = number(field, fixedWidth);
                    hour12 = true;
                }
                case "MI" -> minute = number(field, fixedWidth);
                case "SS" -> second = number(field, fixedWidth);
                case "MS", "US" -> micros = fraction(field);
                case "D", "ID" -> number(field, fixedWidth);
                case "MONTH", "Month", "month" -> month = name(MONTHS, false) + 1;
                case "MON", "Mon", "mon" -> month = name(MONTHS, true) + 1;
                case "DAY", "Day", "day" -> name(DAYS, false);
                case "DY", "Dy", "dy" -> name(DAYS, true);
                case "AM", "PM", "am", "pm" -> afternoon = name(List.of("AM", "PM"), false) == 1;
                default ->
                    throw new AqueductException(
                            ErrorCode.NOT_SUPPORTED,
                            "Reading the template field " + field.name() + " is not supported");
            }
        }

        /** PostgreSQL's years of fewer digits: the nearest to 2020 with those last digits. */
        private static int year(int digits, int value) {
            return switch (digits) {
                case 1 -> 2020 + value;
                case 2 -> value < 70 ? 2000 + value : 1900 + value;
                case 3 -> value < 100 ? 2000 + value : 1000 + value;
                default -> value;
            };
        }

        /** Blanks pad names and numbers, and a blank in the template stands for any number of them. */
        private void skipBlanks() {
            while (at < text.length() && text.charAt(at) == ' ') {
                at++;
            }
        }

        private int number(Field field, boolean fixedWidth) {
            skipBlanks();
            int start = at;
            int limit = fixedWidth ? Math.min(text.length(), at + field.width()) : text.length();
            while (at < limit && Character.isDigit(text.charAt(at))) {
                at++;
            }
            if (at == start || at - start > 9) {
                throw mismatch("a number for " + field.name());
            }
            return Integer.parseInt(text, start, at, 10);
        }

        /** The digits of a fraction of a second (at most the field's width: 3 for MS, 6 for US) in microseconds. */
        private int fraction(Field field) {
            int start = at;
            int value = number(field, true);
            for (int digits = at - start; digits < 6; digits++) {
                value *= 10;
            }
            return value;
        }

        /** The index of the name (or its first three letters) the text holds here, in any case. */
        private int name(List<String> names, boolean abbreviated) {
            for (int i = 0; i < names.size(); i++) {
                String name = abbreviated ? names.get(i).substring(0, 3) : names.get(i);
                if (text.regionMatches(true, at, name, 0, name.length())) {
                    at += name.length();
                    skipBlanks();
                    return i;
                }
            }
            throw mismatch("one of " + names);
        }

        LocalDateTime value() {
            int hourOfDay = hour12 ? hour % 12 + (afternoon ? 12 : 0) : hour;
            try {
                LocalDate date = julianDay >= 0
                        ? LocalDate.ofEpochDay(julianDay - 2_440_588)
                        : dayOfYear > 0 ? LocalDate.ofYearDay(year, dayOfYear) : LocalDate.of(year, month, day);
                if (!DateTimes.isSupportedYear(date.getYear()) || hour12 && (hour < 1 || hour > 12)) {
                    throw new DateTimeException("out of range");
                }
                return date.atTime(hourOfDay, minute, second, micros * 1000);
            } catch (DateTimeException e) {
                throw new AqueductException(
                        ErrorCode.DATETIME_OUT_OF_RANGE, "Date or time field out of range in '" + text + "'");
            }
        }

        private AqueductException mismatch(String expected) {
            return new AqueductException(
                    ErrorCode.INVALID_DATETIME_FORMAT,
                    "'%s' does not match the template: expected %s at position %d".formatted(text, expected, at + 1));
        }
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
        return englishName(value.getMonth());
    }

    private static String dayName(LocalDateTime value) {
        return englishName(value.getDayOfWeek());
    }

    /** A month's or a day's English name, capitalized ({@code MARCH} is March). */
    private static String englishName(Enum<?> constant) {
        String name = constant.name();
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }

    private static int hour12(LocalDateTime value) {
        int hour = value.getHour() % 12;
        return hour == 0 ? 12 : hour;
    }

    private static int century(LocalDateTime value) {
        return Math.floorDiv(value.getYear() - 1, 100) + 1;
    }
}
