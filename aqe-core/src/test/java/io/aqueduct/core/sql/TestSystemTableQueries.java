package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.tpch.TpchConnector;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Queries over system tables: names, a snapshot per execution, and the query_id pushdown. */
class TestSystemTableQueries {
    private final QueriesTable queries = new QueriesTable();
    private final SystemTables<Integer> systemTables = SystemTables.of(List.of(queries));
    private final QueryCompiler compiler = new QueryCompiler(List.of(new TpchConnector()), systemTables);

    @Test
    void takesASnapshotOnEveryExecution() {
        CompiledQuery query = compile("SELECT query_id, execution FROM sys.queries");

        assertThat(query.readsSystemTables()).isTrue();
        assertThat(rows(values(query.plan(List.of(), systemTables.snapshotSource(1)))))
                .containsExactly(List.of("q1", 1L), List.of("q2", 1L), List.of("q3", 1L));
        assertThat(rows(values(query.plan(List.of(), systemTables.snapshotSource(2)))))
                .containsExactly(List.of("q1", 2L), List.of("q2", 2L), List.of("q3", 2L));
    }

    @Test
    void keepsOnlyTheColumnsTheQueryReads() {
        ValuesNode values =
                values(compile("SELECT state FROM sys.queries").plan(List.of(), systemTables.snapshotSource(1)));

        assertThat(values.outputType()).isEqualTo(new RowType(List.of("state"), List.of(DataType.VARCHAR)));
        assertThat(rows(values)).containsOnly(List.of("RUNNING"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT query_id FROM sys.queries",
                "SELECT query_id FROM SYS.QUERIES",
                "SELECT query_id FROM system.sys.queries",
                "SELECT query_id FROM \"system\".\"sys\".\"queries\""
            })
    void resolvesTwoAndThreePartNamesFromAnyDefaultSchema(String sql) {
        CompiledQuery query = compiler.compile(sql, "tpch", "tiny");

        assertThat(rows(values(query.plan(List.of(), systemTables.snapshotSource(1)))))
                .containsExactly(List.of("q1"), List.of("q2"), List.of("q3"));
    }

    @Test
    void resolvesOneNameInTheSystemSchema() {
        CompiledQuery query =
                compiler.compile("SELECT count(*) FROM queries", SystemTables.CATALOG, SystemTables.SCHEMA);

        assertThat(query.readsSystemTables()).isTrue();
    }

    @Test
    void reservedWordsSystemAndValueAreNames() {
        CompiledQuery query = compile("SELECT q.value, VALUE AS v FROM system.sys.queries q ORDER BY value");

        assertThat(query.resultType().names()).containsExactly("value", "v");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM nation TABLESAMPLE SYSTEM(10)",
                "VALUE (1, 2)",
                "SELECT NEXT VALUE FOR seq, CURRENT VALUE FOR seq FROM nation",
                "SELECT n_name IS JSON VALUE FROM nation"
            })
    void reservedWordsSystemAndValueKeepTheirKeywordUses(String sql) throws SqlParseException {
        assertThat(SqlParser.create(sql, QueryCompiler.PARSER_CONFIG).parseQuery())
                .isNotNull();
    }

    @Test
    void errorPositionsAreThoseOfTheText() {
        assertThatThrownBy(() -> compile("SELECT value, nope FROM system.sys.queries"))
                .isInstanceOfSatisfying(AqueductException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.COLUMN_NOT_FOUND);
                    assertThat(e.getMessage()).contains("line 1, column 15");
                });
    }

    @Test
    void passesAnEqualQueryIdLiteralToTheTable() {
        PlanNode plan = compile("SELECT state FROM sys.queries WHERE 'q2' = query_id AND state <> 'DONE'")
                .plan(List.of(), systemTables.snapshotSource(1));

        assertThat(queries.scans).extracting(SystemScan::queryId).containsExactly(Optional.of("q2"));
        FilterNode filter = find(plan, FilterNode.class);
        assertThat(filter.source()).isInstanceOf(ValuesNode.class);
        assertThat(rows((ValuesNode) filter.source())).containsExactly(List.of("q2", "RUNNING"));
    }

    @Test
    void passesAnEqualQueryIdParameterToTheTable() {
        CompiledQuery query = compile("SELECT state FROM sys.queries WHERE query_id = ?");

        query.plan(List.of("q3"), systemTables.snapshotSource(1));
        query.plan(List.of("q1"), systemTables.snapshotSource(2));

        assertThat(queries.scans).extracting(SystemScan::queryId).containsExactly(Optional.of("q3"), Optional.of("q1"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT state FROM sys.queries",
                "SELECT state FROM sys.queries WHERE query_id = 'q2' OR state = 'DONE'",
                "SELECT state FROM sys.queries WHERE query_id LIKE 'q%'",
                "SELECT state FROM sys.queries WHERE query_id <> 'q2'",
                "SELECT state FROM sys.queries WHERE value = 'q2'"
            })
    void readsEveryRowWithoutAnEqualQueryId(String sql) {
        compile(sql).plan(List.of(), systemTables.snapshotSource(1));

        assertThat(queries.scans).extracting(SystemScan::queryId).containsExactly(Optional.empty());
    }

    @Test
    void tellsTheTableWhichColumnsTheQueryReads() {
        compile("SELECT state FROM sys.queries").plan(List.of(), systemTables.snapshotSource(1));

        assertThat(queries.scans).singleElement().satisfies(scan -> {
            assertThat(scan.columns()).containsExactly("state");
            assertThat(scan.reads("state")).isTrue();
            assertThat(scan.reads("query_id")).isFalse();
        });
    }

    @Test
    void joinsWithConnectorTables() {
        PlanNode plan = compile("SELECT n_name, query_id FROM sys.queries JOIN nation ON execution = n_nationkey")
                .plan(List.of(), systemTables.snapshotSource(3));

        assertThat(find(plan, TableScanNode.class).table()).isEqualTo("nation");
        assertThat(rows(find(plan, ValuesNode.class))).contains(List.of("q1", 3L));
    }

    @Test
    void unknownSystemTableIsTableNotFound() {
        assertThatThrownBy(() -> compile("SELECT * FROM sys.nothing"))
                .isInstanceOfSatisfying(AqueductException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.TABLE_NOT_FOUND);
                    assertThat(e.getMessage()).contains("nothing");
                });
    }

    @Test
    void planningWithoutASnapshotSourceFails() {
        CompiledQuery query = compile("SELECT state FROM sys.queries");

        assertThatThrownBy(() -> query.plan(List.of()))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_SUPPORTED));
    }

    @Test
    void rowsOfTheWrongWidthAreAnInternalError() {
        SystemTables<Integer> broken = SystemTables.of(List.of(new SystemTable<Integer>() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public RowType columns() {
                return new RowType(List.of("a", "b"), List.of(DataType.BIGINT, DataType.BIGINT));
            }

            @Override
            public List<List<Object>> rows(Integer context, SystemScan scan) {
                return List.of(List.of(1L));
            }
        }));
        CompiledQuery query = new QueryCompiler(List.of(), broken).compile("SELECT a FROM sys.broken", "tpch", "tiny");

        assertThatThrownBy(() -> query.plan(List.of(), broken.snapshotSource(1)))
                .isInstanceOfSatisfying(AqueductException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.INTERNAL_ERROR);
                    assertThat(e.getMessage()).contains("sys.broken");
                });
    }

    @Test
    void plansWithoutSystemTablesAreStillKept() {
        CompiledQuery query = compile("SELECT n_name FROM nation");

        assertThat(query.readsSystemTables()).isFalse();
        assertThat(query.plan(List.of(), systemTables.snapshotSource(1))).isSameAs(query.plan(List.of()));
    }

    private CompiledQuery compile(String sql) {
        CompiledQuery query = compiler.compile(sql, "tpch", "tiny");
        queries.scans.clear(); // compiling builds the plan once over empty tables, without asking them
        return query;
    }

    private static ValuesNode values(PlanNode plan) {
        return find(plan, ValuesNode.class);
    }

    private static <T extends PlanNode> T find(PlanNode node, Class<T> type) {
        if (type.isInstance(node)) {
            return type.cast(node);
        }
        for (PlanNode source : node.sources()) {
            try {
                return find(source, type);
            } catch (AssertionError notBelowThisSource) {
                // try the next source
            }
        }
        throw new AssertionError("No " + type.getSimpleName() + " in " + node);
    }

    private static List<List<Object>> rows(ValuesNode values) {
        List<List<Object>> rows = new ArrayList<>();
        for (List<Literal> row : values.rows()) {
            rows.add(row.stream().map(Literal::value).toList());
        }
        return rows;
    }

    /** Three queries; each snapshot tells which execution took it. Remembers every scan it served. */
    private static final class QueriesTable implements SystemTable<Integer> {
        private static final SystemColumns<Row> COLUMNS = SystemColumns.<Row>builder()
                .varchar("query_id", Row::queryId)
                .varchar("state", row -> "RUNNING")
                .bigint("execution", Row::execution)
                .varchar("value", row -> "value of " + row.queryId())
                .build();

        final List<SystemScan> scans = new CopyOnWriteArrayList<>();

        private record Row(String queryId, long execution) {}

        @Override
        public String name() {
            return "queries";
        }

        @Override
        public RowType columns() {
            return COLUMNS.rowType();
        }

        @Override
        public List<List<Object>> rows(Integer execution, SystemScan scan) {
            scans.add(scan);
            return COLUMNS.rows(List.of("q1", "q2", "q3").stream()
                    .filter(id -> scan.queryId().map(id::equals).orElse(true))
                    .map(id -> new Row(id, execution))
                    .toList());
        }
    }
}
