package io.aqueduct.core.system;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The columns of a system table declared once, each with how its value is read from one record
 * {@code R} of the table's source: the table's {@link RowType} and its rows both come from here, so a
 * column's name, type and value cannot drift apart.
 *
 * <pre>{@code
 * private static final SystemColumns<Setting> COLUMNS = SystemColumns.<Setting>builder()
 *         .varchar("name", Setting::settingName)
 *         .varchar("kind", setting -> setting.kind().name())
 *         .build();
 *
 * RowType type = COLUMNS.rowType();                        // name VARCHAR, kind VARCHAR
 * List<List<Object>> rows = COLUMNS.rows(List.of(Setting.values()));
 * }</pre>
 *
 * @param <R> one record of the source, which becomes one row
 */
public final class SystemColumns<R> {
    private final RowType rowType;
    private final List<Function<? super R, ?>> values;

    private SystemColumns(RowType rowType, List<Function<? super R, ?>> values) {
        this.rowType = rowType;
        this.values = List.copyOf(values);
    }

    public static <R> Builder<R> builder() {
        return new Builder<>();
    }

    public RowType rowType() {
        return rowType;
    }

    /** One row per record, in the records' order. */
    public List<List<Object>> rows(Collection<? extends R> records) {
        List<List<Object>> rows = new ArrayList<>(records.size());
        for (R record : records) {
            rows.add(row(record));
        }
        return rows;
    }

    /**
     * One row per record, computing only the columns {@code scan} reads: the others, which the query
     * drops, are null.
     */
    public List<List<Object>> rows(Collection<? extends R> records, SystemScan scan) {
        List<Boolean> read = rowType.names().stream().map(scan::reads).toList();
        List<List<Object>> rows = new ArrayList<>(records.size());
        for (R record : records) {
            List<Object> row = new ArrayList<>(values.size());
            for (int column = 0; column < values.size(); column++) {
                row.add(read.get(column) ? values.get(column).apply(record) : null);
            }
            rows.add(row);
        }
        return rows;
    }

    /** The values of one record, in column order; null values are kept. */
    public List<Object> row(R record) {
        List<Object> row = new ArrayList<>(values.size());
        for (Function<? super R, ?> value : values) {
            row.add(value.apply(record));
        }
        return row;
    }

    /** Columns in order, each typed by the method that adds it. */
    public static final class Builder<R> {
        private final List<String> names = new ArrayList<>();
        private final List<DataType> types = new ArrayList<>();
        private final List<Function<? super R, ?>> values = new ArrayList<>();
        private final Set<String> seen = new HashSet<>();

        private Builder() {}

        public Builder<R> varchar(String name, Function<? super R, String> value) {
            return add(name, DataType.VARCHAR, value);
        }

        public Builder<R> integer(String name, Function<? super R, Integer> value) {
            return add(name, DataType.INTEGER, value);
        }

        public Builder<R> bigint(String name, Function<? super R, Long> value) {
            return add(name, DataType.BIGINT, value);
        }

        public Builder<R> doubleColumn(String name, Function<? super R, Double> value) {
            return add(name, DataType.DOUBLE, value);
        }

        public Builder<R> bool(String name, Function<? super R, Boolean> value) {
            return add(name, DataType.BOOLEAN, value);
        }

        private Builder<R> add(String name, DataType type, Function<? super R, ?> value) {
            requireNonNull(name, "name is null");
            requireNonNull(value, "value is null");
            checkArgument(name.equals(name.toLowerCase(Locale.ROOT)), "column name is not lower case: %s", name);
            checkArgument(seen.add(name), "duplicate column: %s", name);
            names.add(name);
            types.add(type);
            values.add(value);
            return this;
        }

        public SystemColumns<R> build() {
            checkState(!names.isEmpty(), "a system table needs at least one column");
            return new SystemColumns<>(new RowType(names, types), values);
        }
    }
}
