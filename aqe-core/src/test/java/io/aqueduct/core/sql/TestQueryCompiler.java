package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.stage.ClusterShape;
import io.aqueduct.core.stage.DistributedPlanner;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.tpch.TpchConnector;
import io.aqueduct.core.type.DataType;
import io.aqueduct.tpch.TpchQueries;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TestQueryCompiler {
    private static final TpchConnector TPCH = new TpchConnector();
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(TPCH));

    static List<Integer> tpchQueries() {
        return TpchQueries.numbers();
    }

    @ParameterizedTest
    @MethodSource("tpchQueries")
    void compilesAndDistributesEveryTpchQuery(int number) {
        CompiledQuery query = COMPILER.compile(TpchQueries.query(number), "tpch", "sf1");
        StagePlan stages = new DistributedPlanner(
                        ClusterShape.of(2, 2),
                        scan -> TPCH.statistics(scan.schema(), scan.table()),
                        scan -> TPCH.taskEstimator())
                .plan(query.plan(List.of()));

        assertThat(query.resultType().size()).isPositive();
        assertThat(stages.stages()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(stages.root().plannedTaskCount()).isEqualTo(1);
    }

    @Test
    void prunesScannedColumns() {
        CompiledQuery query = COMPILER.compile("SELECT sum(l_quantity) FROM lineitem WHERE l_tax > 0", "tpch", "tiny");

        TableScanNode scan = scans(query.plan(List.of())).get(0);
        assertThat(scan.outputType().names()).containsExactlyInAnyOrder("l_quantity", "l_tax");
    }

    @Test
    void aDisjunctiveJoinConditionFiltersEachScanByItsOwnTerms() {
        CompiledQuery query = COMPILER.compile(
                "SELECT count(*) FROM orders, customer WHERE o_custkey = c_custkey"
                        + " AND ((o_orderstatus = 'F' AND c_mktsegment = 'BUILDING')"
                        + " OR (o_orderstatus = 'O' AND c_mktsegment = 'MACHINERY'))",
                "tpch",
                "tiny");

        List<String> filteredScans = new ArrayList<>();
        collectFilteredScans(query.plan(List.of()), filteredScans);
        assertThat(filteredScans).containsExactlyInAnyOrder("orders", "customer");
    }

    private static void collectFilteredScans(PlanNode node, List<String> tables) {
        if (node instanceof FilterNode filter && filter.source() instanceof TableScanNode scan) {
            tables.add(scan.table());
        }
        node.sources().forEach(source -> collectFilteredScans(source, tables));
    }

    @Test
    void aCountOfRowsScansNoColumn() {
        for (String sql : List.of(
                "SELECT count(*) FROM orders",
                "SELECT 1 FROM orders",
                "SELECT count(*) FROM orders, nation",
                "SELECT count(*) FROM orders UNION ALL SELECT count(*) FROM lineitem")) {
            List<TableScanNode> scans =
                    scans(COMPILER.compile(sql, "tpch", "tiny").plan(List.of()));
            assertThat(scans).as(sql).isNotEmpty().allSatisfy(scan -> assertThat(
                            scan.outputType().names())
                    .as(sql)
                    .isEmpty());
        }
    }

    @Test
    void aCountOfAColumnScansThatColumnOnly() {
        TableScanNode scan = scans(COMPILER.compile("SELECT count(o_comment) FROM orders", "tpch", "tiny")
                        .plan(List.of()))
                .get(0);
        assertThat(scan.outputType().names()).containsExactly("o_comment");
    }

    @Test
    void selectedFunctionCallsAreNamedAfterTheirFunction() {
        assertThat(COMPILER.compile(
                                "SELECT count(*), count(n_name), upper(n_name) AS u, CAST(n_regionkey AS VARCHAR),"
                                        + " row_number() OVER (ORDER BY n_name), n_nationkey + 1, max(n_name) AS \"count\""
                                        + " FROM nation GROUP BY n_name, n_regionkey, n_nationkey",
                                "tpch",
                                "tiny")
                        .resultType()
                        .names())
                .containsExactly("count0", "count1", "u", "n_regionkey", "row_number", "EXPR$5", "count");
        // A subquery's columns stay distinct, so that SELECT * over it can name them.
        assertThat(COMPILER.compile("SELECT * FROM (SELECT count(*), count(n_name) FROM nation) t", "tpch", "tiny")
                        .resultType()
                        .names())
                .containsExactly("count", "count0");
    }

    @Test
    void aMaximumRowCountBecomesTheQuerysFetch() {
        assertThat(COMPILER.compile("SELECT o_orderkey FROM orders ORDER BY o_totalprice DESC", "tpch", "tiny", 200)
                        .logicalPlan())
                .contains("dir0=[DESC-nulls-last], fetch=[200]");
        assertThat(COMPILER.compile("SELECT o_orderkey FROM orders", "tpch", "tiny", 7)
                        .logicalPlan())
                .contains("fetch=[7]");
        // A smaller FETCH of the query stays; so does a FETCH of a parameter and an EXPLAIN's query.
        assertThat(COMPILER.compile("SELECT o_orderkey FROM orders ORDER BY 1 LIMIT 3", "tpch", "tiny", 200)
                        .logicalPlan())
                .contains("fetch=[3]")
                .doesNotContain("200");
        assertThat(COMPILER.compile("SELECT o_orderkey FROM orders ORDER BY 1 LIMIT ?", "tpch", "tiny", 200)
                        .logicalPlan())
                .doesNotContain("200");
        assertThat(COMPILER.compile(
                                "WITH t AS (SELECT o_orderkey k FROM orders) SELECT k FROM t ORDER BY k DESC",
                                "tpch",
                                "tiny",
                                20)
                        .logicalPlan())
                .contains("dir0=[DESC-nulls-last], fetch=[20]");
        assertThat(COMPILER.compile("EXPLAIN SELECT o_orderkey FROM orders", "tpch", "tiny", 5)
                        .logicalPlan())
                .doesNotContain("fetch");
    }

    @Test
    void foldsUnquotedIdentifiersToLowerCase() {
        CompiledQuery query = COMPILER.compile("SELECT L_ORDERKEY FROM LineItem", "tpch", "tiny");

        assertThat(query.resultType().names()).containsExactly("l_orderkey");
        assertThat(query.resultType().types()).containsExactly(DataType.BIGINT);
    }

    @Test
    void avgIsDouble() {
        CompiledQuery query = COMPILER.compile("SELECT avg(l_quantity) FROM lineitem", "tpch", "tiny");

        assertThat(query.resultType().types()).containsExactly(DataType.DOUBLE);
    }

    @Test
    void ordersJoinsWithTheSmallerSideAsBuild() {
        CompiledQuery query = COMPILER.compile(
                "SELECT count(*) FROM nation JOIN lineitem ON n_nationkey = l_suppkey", "tpch", "tiny");

        JoinNode join = joins(query.plan(List.of())).get(0);
        assertThat(scans(join.build())).extracting(TableScanNode::table).containsExactly("nation");
    }

    @Test
    void q5JoinsCustomerAndSupplierOnlyAfterLineitem() {
        PlanNode plan = COMPILER.compile(TpchQueries.query(5), "tpch", "sf1").plan(List.of());

        for (JoinNode join : joins(plan)) {
            List<String> probe = tables(join.probe());
            List<String> build = tables(join.build());
            boolean customerMeetsSupplier = probe.contains("customer") && build.contains("supplier")
                    || probe.contains("supplier") && build.contains("customer");
            if (customerMeetsSupplier) {
                assertThat(tables(join))
                        .as("the join bringing customer and supplier together")
                        .contains("lineitem");
            }
        }
    }

    @Test
    void q9JoinsTheGreenPartsWithLineitemFirst() {
        PlanNode plan = COMPILER.compile(TpchQueries.query(9), "tpch", "sf1").plan(List.of());

        JoinNode partJoin = joins(plan).stream()
                .filter(join -> tables(join.build()).equals(List.of("part"))
                        || tables(join.probe()).equals(List.of("part")))
                .findFirst()
                .orElseThrow();
        assertThat(tables(partJoin)).containsExactlyInAnyOrder("lineitem", "part");
    }

    @Test
    void estimatesAJoinOnANonKeyColumnFromItsDistinctCounts() {
        CompiledQuery query = COMPILER.compile(
                "SELECT c_name, s_name FROM customer JOIN supplier ON c_nationkey = s_nationkey", "tpch", "sf1");
        RelNode join = findJoin(query.logical());
        double customers = TPCH.statistics("sf1", "customer").rowCount();
        double suppliers = TPCH.statistics("sf1", "supplier").rowCount();
        double nations =
                TPCH.columnStatistics("sf1", "customer").get("c_nationkey").distinctCount();

        assertThat(join.getCluster().getMetadataQuery().getRowCount(join))
                .isCloseTo(customers * suppliers / nations, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void estimatesAForeignKeyJoinAsTheForeignKeySide() {
        CompiledQuery query = COMPILER.compile(
                "SELECT l_quantity, ps_supplycost FROM lineitem JOIN partsupp"
                        + " ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey",
                "tpch",
                "sf1");
        RelNode join = findJoin(query.logical());

        assertThat(join.getCluster().getMetadataQuery().getRowCount(join))
                .isCloseTo(
                        (double) TPCH.statistics("sf1", "lineitem").rowCount(),
                        org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void reportsErrorsWithCodesAndPositions() {
        assertError("SELECT * FROM nowhere", ErrorCode.TABLE_NOT_FOUND, "line 1, column 15");
        assertError("SELECT nothing FROM nation", ErrorCode.COLUMN_NOT_FOUND, "line 1, column 8");
        assertError("SELECT FROM nation WHERE", ErrorCode.SYNTAX_ERROR, "line 1");
        assertError("SELECT CAST(n_nationkey AS DATE) FROM nation", ErrorCode.TYPE_MISMATCH, "line 1");
        assertError("SELECT * FROM \"Nation\"", ErrorCode.TABLE_NOT_FOUND, "line 1");
        assertError(
                "SELECT first_value(n_name) IGNORE NULLS OVER (ORDER BY n_nationkey) FROM nation",
                ErrorCode.NOT_SUPPORTED,
                "IGNORE NULLS");
    }

    /** PostgreSQL library functions the engine does not run are unknown, not validated and then refused at planning. */
    @Test
    void postgresqlFunctionsTheEngineDoesNotRunAreUnknown() {
        for (String call : List.of("SOUNDEX(n_name)", "SHA1(n_name)", "TO_CHAR(n_nationkey)")) {
            assertThatThrownBy(() -> COMPILER.compile("SELECT " + call + " FROM nation", "tpch", "tiny"))
                    .isInstanceOfSatisfying(AqueductException.class, e -> {
                        assertThat(e.errorCode().sqlState()).as(e.getMessage()).startsWith("42");
                        assertThat(e.getMessage()).containsIgnoringCase(call.substring(0, call.indexOf('(')));
                    });
        }
        assertThat(COMPILER.compile("SELECT LPAD(n_name, 30, '-'), STRPOS(n_name, 'A') FROM nation", "tpch", "tiny")
                        .resultType()
                        .size())
                .isEqualTo(2);
    }

    private static void assertError(String sql, ErrorCode code, String position) {
        assertThatThrownBy(() -> COMPILER.compile(sql, "tpch", "tiny"))
                .isInstanceOfSatisfying(AqueductException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(code);
                    assertThat(e.getMessage()).contains(position).doesNotContain("\n");
                });
    }

    private static List<TableScanNode> scans(PlanNode node) {
        List<TableScanNode> scans = new ArrayList<>();
        if (node instanceof TableScanNode scan) {
            scans.add(scan);
        }
        node.sources().forEach(source -> scans.addAll(scans(source)));
        return scans;
    }

    private static List<String> tables(PlanNode node) {
        return scans(node).stream().map(TableScanNode::table).toList();
    }

    private static RelNode findJoin(RelNode rel) {
        if (rel instanceof Join) {
            return rel;
        }
        return rel.getInputs().stream()
                .map(TestQueryCompiler::findJoin)
                .filter(java.util.Objects::nonNull)
                .findFirst()
                .orElse(null);
    }

    private static List<JoinNode> joins(PlanNode node) {
        List<JoinNode> joins = new ArrayList<>();
        if (node instanceof JoinNode join) {
            joins.add(join);
        }
        node.sources().forEach(source -> joins.addAll(joins(source)));
        return joins;
    }
}
