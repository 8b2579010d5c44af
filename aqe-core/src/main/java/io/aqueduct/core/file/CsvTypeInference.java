package io.aqueduct.core.file;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * Infers a CSV column's type from sample values, choosing the narrowest type that reads them all:
 * BIGINT, then DECIMAL (plain fixed-point numbers of at most 18 digits, at the largest scale seen),
 * DOUBLE, DATE ({@code yyyy-mm-dd}), BOOLEAN ({@code true}/{@code false}), else VARCHAR. Empty fields
 * are NULL and say nothing about the type.
 */
final class CsvTypeInference {
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d{1,18}");
    private static final Pattern FIXED_POINT = Pattern.compile("[+-]?(\\d*)\\.(\\d+)");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    private boolean allIntegers = true;
    private boolean allFixedPoint = true;
    private boolean allDoubles = true;
    private boolean allDates = true;
    private boolean allBooleans = true;
    private boolean anyValue;
    private int integerDigits;
    private int scale;

    void add(String value) {
        if (value.isEmpty()) {
            return;
        }
        anyValue = true;
        boolean integer = INTEGER.matcher(value).matches();
        allIntegers &= integer;
        var fixedPoint = FIXED_POINT.matcher(value);
        if (fixedPoint.matches()) {
            integerDigits = Math.max(integerDigits, fixedPoint.group(1).length());
            scale = Math.max(scale, fixedPoint.group(2).length());
        } else if (integer) {
            integerDigits =
                    Math.max(integerDigits, value.replaceFirst("^[+-]", "").length());
        } else {
            allFixedPoint = false;
        }
        allDoubles &= isDouble(value);
        allDates &= DATE.matcher(value).matches() && isDate(value);
        allBooleans &= value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false");
    }

    DataType type() {
        if (!anyValue) {
            return DataType.VARCHAR;
        }
        if (allIntegers) {
            return DataType.BIGINT;
        }
        if (allFixedPoint && integerDigits + scale <= DataType.MAX_DECIMAL_PRECISION) {
            return DataType.decimal(DataType.MAX_DECIMAL_PRECISION, scale);
        }
        if (allDoubles) {
            return DataType.DOUBLE;
        }
        if (allDates) {
            return DataType.DATE;
        }
        return allBooleans ? DataType.BOOLEAN : DataType.VARCHAR;
    }

    private static boolean isDouble(String value) {
        try {
            Double.parseDouble(value);
            return !value.endsWith("d") && !value.endsWith("D") && !value.endsWith("f") && !value.endsWith("F");
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isDate(String value) {
        try {
            DateTimes.parseDate(value);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
