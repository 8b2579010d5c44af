package io.aqueduct.core.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestSystemTables {
    private record Item(String name, Integer size, Long bytes, Double ratio, Boolean on) {}

    private static final SystemColumns<Item> COLUMNS = SystemColumns.<Item>builder()
            .varchar("name", Item::name)
            .integer("size", Item::size)
            .bigint("bytes", Item::bytes)
            .doubleColumn("ratio", Item::ratio)
            .bool("on", Item::on)
            .build();

    @Test
    void columnsAQueryDoesNotReadAreNotComputed() {
        List<String> asked = new ArrayList<>();
        SystemColumns<Item> columns = SystemColumns.<Item>builder()
                .varchar("name", item -> {
                    asked.add("name");
                    return item.name();
                })
                .bigint("bytes", item -> {
                    asked.add("bytes");
                    return item.bytes();
                })
                .build();
        SystemScan scan = new SystemScan("items", java.util.Optional.empty(), java.util.Set.of("bytes"));

        List<List<Object>> rows = columns.rows(List.of(new Item("a", 1, 10L, 0.5, true)), scan);

        assertThat(rows).containsExactly(java.util.Arrays.asList(null, 10L));
        assertThat(asked).containsExactly("bytes");
    }

    @Test
    void columnsGiveTheRowTypeAndTheRows() {
        assertThat(COLUMNS.rowType())
                .isEqualTo(new RowType(
                        List.of("name", "size", "bytes", "ratio", "on"),
                        List.of(
                                DataType.VARCHAR,
                                DataType.INTEGER,
                                DataType.BIGINT,
                                DataType.DOUBLE,
                                DataType.BOOLEAN)));
        List<Object> withNulls = new ArrayList<>();
        withNulls.add("b");
        withNulls.add(null);
        withNulls.add(null);
        withNulls.add(null);
        withNulls.add(null);
        assertThat(COLUMNS.rows(List.of(new Item("a", 1, 2L, 0.5, true), new Item("b", null, null, null, null))))
                .containsExactly(List.of("a", 1, 2L, 0.5, true), withNulls);
    }

    @Test
    void columnNamesAreUniqueAndLowerCase() {
        assertThatThrownBy(() -> SystemColumns.<Item>builder()
                        .varchar("name", Item::name)
                        .varchar("name", Item::name))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate column: name");
        assertThatThrownBy(() -> SystemColumns.<Item>builder().varchar("Name", Item::name))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not lower case");
    }

    @Test
    void tableNamesAreUnique() {
        assertThatThrownBy(() -> SystemTables.of(List.of(table("items"), table("items"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate system table: items");
    }

    @Test
    void snapshotSourceHandsTheContextToTheTable() {
        SystemTables<String> tables = SystemTables.of(List.of(table("items")));

        assertThat(tables.snapshotSource("ctx").rows(SystemScan.all("items")))
                .containsExactly(List.of("ctx", 1, 2L, 0.5, true));
        assertThatThrownBy(() -> tables.snapshotSource("ctx").rows(SystemScan.all("other")))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.TABLE_NOT_FOUND));
    }

    private static SystemTable<String> table(String name) {
        return new SystemTable<>() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RowType columns() {
                return COLUMNS.rowType();
            }

            @Override
            public List<List<Object>> rows(String context, SystemScan scan) {
                return COLUMNS.rows(List.of(new Item(context, 1, 2L, 0.5, true)));
            }
        };
    }
}
