package io.aqueduct.core.file;

import io.aqueduct.core.connector.ColumnStatistics;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The distinct values and NULLs of one column among a CSV table's sample records, and what they say of the whole
 * table: exact counts when the sample is the whole table; else the share of NULLs scaled to the table's rows and,
 * for a column whose sample repeats few values (at most one distinct value per {@value #RECORDS_PER_VALUE} records),
 * those values as its distinct count. A column of many values in a sample of the first records says little of the
 * rest (a sorted key and a random one look alike), so it gets no distinct count and the optimizer guesses.
 */
final class CsvSampleStatistics {
    static final int RECORDS_PER_VALUE = 10;

    private final Set<String> values = new HashSet<>();
    private long records;
    private long nulls;

    void add(String value) {
        records++;
        if (value.isEmpty()) {
            nulls++;
        } else {
            values.add(value);
        }
    }

    /** The column's statistics in a table of {@code rows} rows, exact when {@code wholeTable}. */
    Optional<ColumnStatistics> statistics(long rows, boolean wholeTable) {
        if (wholeTable) {
            return Optional.of(new ColumnStatistics(values.size(), nulls));
        }
        if (records == 0 || (long) values.size() * RECORDS_PER_VALUE > records) {
            return Optional.empty();
        }
        return Optional.of(new ColumnStatistics(values.size(), Math.round(rows * (nulls / (double) records))));
    }
}
