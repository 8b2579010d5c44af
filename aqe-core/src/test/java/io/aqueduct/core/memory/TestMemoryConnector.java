package io.aqueduct.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Writes into a worker's memory store and scans of it; every allocator closes without leaks. */
class TestMemoryConnector {
    private static final RowType COLUMNS =
            new RowType(List.of("id", "name"), List.of(DataType.BIGINT, DataType.VARCHAR));
    private static final TableWriteNode WRITE = new TableWriteNode(
            "memory", "s", "t", COLUMNS, List.of(false, true), new TableScanNode("tpch", "tiny", "x", COLUMNS));

    private BufferAllocator root;
    private BufferAllocator tasks;
    private MemoryStore store;
    private MemoryConnector connector;

    @BeforeEach
    void setUp() {
        root = new RootAllocator();
        tasks = root.newChildAllocator("tasks", 0, Long.MAX_VALUE);
        store = new MemoryStore(root, 1 << 20);
        connector = new MemoryConnector().withStore(store);
    }

    @AfterEach
    void tearDown() {
        store.close();
        tasks.close();
        root.close();
    }

    @Test
    void writtenRowsAreScannedBackAndCountedInTheWritesResult() {
        assertThat(write("q1", rows(0, 2500))).containsExactly(List.of(2500L, store.usedBytes()));
        write("q2", rows(2500, 10));
        List<List<Object>> scanned = scan(COLUMNS);
        assertThat(scanned).hasSize(2510).containsAll(rows(0, 2510));
        assertThat(scan(new RowType(List.of("name"), List.of(DataType.VARCHAR))))
                .contains(List.of("name-7"));
        assertThat(scan(new RowType(List.of(), List.of()))).hasSize(2510);
    }

    @Test
    void aDroppedTableOrFailedWriteReleasesItsRows() {
        write("q1", rows(0, 100));
        write("q2", rows(100, 100));
        store.dropWrite("q1");
        assertThat(scan(COLUMNS)).hasSize(100).contains(List.of(150L, "name-150"));
        store.dropTable("s", "t");
        assertThat(scan(COLUMNS)).isEmpty();
        assertThat(store.usedBytes()).isZero();
    }

    @Test
    void aNullInANotNullColumnOrAFullStoreFailsAndStoresNothing() {
        List<List<Object>> withNull = new ArrayList<>(rows(0, 3));
        withNull.add(Arrays.asList(null, "x"));
        assertThatThrownBy(() -> write("q1", withNull))
                .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.NOT_NULL_VIOLATION));
        assertThatThrownBy(() -> write("q2", rows(0, 200_000))).isInstanceOfSatisfying(AqueductException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT);
            assertThat(e.getMessage()).contains("memory catalog is full");
        });
        assertThat(scan(COLUMNS)).isEmpty();
        assertThat(store.usedBytes()).isZero();
    }

    @Test
    void theCatalogKnowsSchemasTablesAndTheirStatistics() {
        MemoryCatalog catalog = connector.catalog();
        assertThat(catalog.createSchema("s", false)).isTrue();
        assertThat(catalog.createSchema("s", true)).isFalse();
        assertThat(catalog.createTable("s", new TableDefinition("t", COLUMNS, List.of(false, true)), false))
                .isTrue();
        catalog.addWritten("s", "t", 10, 800);
        catalog.addWritten("s", "t", 5, 400);
        assertThat(connector.statistics("s", "t").rowCount()).isEqualTo(15);
        assertThat(connector.statistics("s", "t").sizeBytes()).isEqualTo(1200);
        assertThat(connector.tables("s")).extracting(TableDefinition::name).containsExactly("t");
        assertThatThrownBy(() -> catalog.dropSchema("s", false, false))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_QUERY));
        assertThat(catalog.dropTable("s", "t", false)).isTrue();
        assertThat(catalog.dropTable("s", "t", true)).isFalse();
        assertThat(catalog.dropSchema("s", false, false)).isEmpty();
        assertThat(catalog.dropSchema("s", true, false)).isEmpty();
        assertThat(connector.schemaNames()).containsExactly(MemoryCatalog.DEFAULT_SCHEMA);
        catalog.createSchema("s", false);
        catalog.createTable("s", new TableDefinition("t", COLUMNS), false);
        assertThat(catalog.dropSchema("s", false, true)).containsExactly("t");
        assertThat(connector.schemaNames()).containsExactly(MemoryCatalog.DEFAULT_SCHEMA);
    }

    private List<List<Object>> write(String writeId, List<List<Object>> rows) {
        ExecutionContext context = ExecutionContext.of(tasks);
        try (Operator write =
                connector.createWrite(WRITE, writeId, PreparedOperator.of(COLUMNS, 1000, rows, tasks), context)) {
            return BatchRows.drain(write);
        }
    }

    private List<List<Object>> scan(RowType columns) {
        try (Operator scan = connector.createScan(
                new TableScanNode("memory", "s", "t", columns), 0, 1, ExecutionContext.of(tasks))) {
            return BatchRows.drain(scan);
        }
    }

    private static List<List<Object>> rows(int first, int count) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = first; i < first + count; i++) {
            rows.add(List.of((long) i, "name-" + i));
        }
        return rows;
    }
}
