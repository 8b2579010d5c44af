package io.aqueduct.core.sql;

import static com.google.common.collect.MoreCollectors.onlyElement;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.tpch.TpchConnector;
import io.aqueduct.tpch.TpchQueries;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableScan;
import org.junit.jupiter.api.Test;

/** The plan shapes of correlated subqueries: existence tests as semi and anti joins, aggregations filtered first. */
class TestSubqueryJoins {
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(new TpchConnector()));

    @Test
    void tpchQuery21TestsExistenceWithASemiAndAnAntiJoinReadingLineitemThrice() {
        RelNode plan = logical(TpchQueries.query(21));

        assertThat(joinTypes(plan)).contains(JoinRelType.SEMI, JoinRelType.ANTI);
        assertThat(scannedTables(plan)).filteredOn("lineitem"::equals).hasSize(3);
    }

    @Test
    void aNotExistsWithAnInequalityIsAnAntiJoinWithThatResidual() {
        RelNode plan = logical("SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT * FROM lineitem l"
                + " WHERE l.l_orderkey = o.o_orderkey AND l.l_suppkey <> o.o_custkey AND l.l_quantity > 45)");

        Join anti = joinsOf(plan).stream()
                .filter(join -> join.getJoinType() == JoinRelType.ANTI)
                .findFirst()
                .orElseThrow();
        assertThat(anti.analyzeCondition().leftKeys).hasSize(1);
        assertThat(anti.analyzeCondition().nonEquiConditions).hasSize(1);
        assertThat(scannedTables(plan)).containsExactlyInAnyOrder("orders", "lineitem");
    }

    @Test
    void aNotExistsBesideAnExistsOnKeysIsLeftToTheDecorrelatorWithIt() {
        RelNode plan = logical("SELECT count(*) FROM orders o WHERE EXISTS (SELECT * FROM lineitem l"
                + " WHERE l.l_orderkey = o.o_orderkey) AND NOT EXISTS (SELECT * FROM lineitem l"
                + " WHERE l.l_orderkey = o.o_orderkey AND l.l_suppkey <> o.o_custkey)");

        // The decorrelator plans the NOT EXISTS as a left join whose indicator is tested.
        assertThat(joinTypes(plan)).contains(JoinRelType.LEFT).doesNotContain(JoinRelType.ANTI);
        assertThat(nodes(plan)).noneMatch(Correlate.class::isInstance);
    }

    @Test
    void anExistsOnKeysAloneIsASemiJoinOfTheFewOrdersWithAllLineitems() {
        RelNode plan = logical(TpchQueries.query(4));

        // The decorrelator's join with the distinct order keys of lineitem becomes a semi join: nothing groups
        // lineitem any more, only the final count by priority is an aggregation.
        Join semi = joinsOf(plan).stream().collect(onlyElement());
        assertThat(semi.getJoinType()).isEqualTo(JoinRelType.SEMI);
        assertThat(scannedTables(semi.getLeft())).containsExactly("orders");
        assertThat(scannedTables(semi.getRight())).containsExactly("lineitem");
        assertThat(nodes(plan)).filteredOn(Aggregate.class::isInstance).hasSize(1);
    }

    @Test
    void aSemiJoinWithTheSmallerOuterSideBuildsOnItAndStreamsTheLargerOne() {
        PlanNode plan = COMPILER.compile(TpchQueries.query(4), "tpch", "sf1").plan(List.of());

        JoinNode join = planJoins(plan).stream().collect(onlyElement());
        assertThat(join.joinType()).isEqualTo(JoinType.RIGHT_SEMI);
        assertThat(join.outputType().names()).containsExactly("o_orderkey", "o_orderpriority");
    }

    @Test
    void anAntiJoinWithTheSmallerOuterSideBuildsOnIt() {
        PlanNode plan = COMPILER.compile(
                        "SELECT count(*) FROM orders o WHERE o_orderdate < DATE '1992-02-01' AND NOT EXISTS"
                                + " (SELECT * FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND l.l_suppkey <> o.o_custkey)",
                        "tpch",
                        "sf1")
                .plan(List.of());

        JoinNode join = planJoins(plan).stream().collect(onlyElement());
        assertThat(join.joinType()).isEqualTo(JoinType.RIGHT_ANTI);
        // The residual now reads the streamed lineitem columns first: l_suppkey <> o_custkey.
        assertThat(join.residual()).isNotNull();
    }

    @Test
    void aSemiJoinWithTheLargerOuterSideKeepsItsSides() {
        PlanNode plan = COMPILER.compile(
                        "SELECT count(*) FROM lineitem l WHERE EXISTS (SELECT * FROM orders o"
                                + " WHERE o.o_orderkey = l.l_orderkey AND o.o_custkey <> l.l_suppkey"
                                + " AND o.o_orderdate < DATE '1992-02-01')",
                        "tpch",
                        "sf1")
                .plan(List.of());

        assertThat(planJoins(plan)).extracting(JoinNode::joinType).containsExactly(JoinType.SEMI);
    }

    @Test
    void aJoinWithTheDistinctKeysOfASmallerInputStaysAnInnerJoin() {
        RelNode plan = logical("SELECT count(*) FROM lineitem JOIN (SELECT DISTINCT o_orderkey FROM orders"
                + " WHERE o_orderdate < DATE '1995-01-01') ON o_orderkey = l_orderkey");

        assertThat(joinTypes(plan)).containsExactly(JoinRelType.INNER);
    }

    @Test
    void aJoinOnPartOfTheDistinctKeysStaysAnInnerJoin() {
        RelNode plan = logical("SELECT count(*) FROM (SELECT * FROM orders WHERE o_orderdate < DATE '1992-02-01')"
                + " JOIN (SELECT DISTINCT l_orderkey, l_suppkey FROM lineitem) ON o_orderkey = l_orderkey");

        assertThat(joinTypes(plan)).containsExactly(JoinRelType.INNER);
    }

    @Test
    void anExistsInADisjunctionIsLeftToTheDecorrelator() {
        RelNode plan = logical("SELECT count(*) FROM orders o WHERE o.o_totalprice > 1000 OR EXISTS"
                + " (SELECT * FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND l.l_quantity > 45)");

        assertThat(joinTypes(plan)).doesNotContain(JoinRelType.ANTI);
        assertThat(nodes(plan)).noneMatch(Correlate.class::isInstance);
    }

    @Test
    void tpchQuery17GroupsOnlyTheLineitemsOfTheSelectedParts() {
        RelNode plan = logical(TpchQueries.query(17));

        Aggregate grouped = nodes(plan).stream()
                .filter(node -> node instanceof Aggregate aggregate && aggregate.getGroupCount() == 1)
                .map(Aggregate.class::cast)
                .findFirst()
                .orElseThrow();
        assertThat(grouped.getInput()).isInstanceOfSatisfying(Join.class, join -> {
            assertThat(join.getJoinType()).isEqualTo(JoinRelType.SEMI);
            assertThat(scannedTables(join.getRight())).containsExactly("part");
        });
    }

    @Test
    void tpchQuery2GroupsOnlyThePartsuppRowsOfTheSelectedPartsFilteredByThosePartsAlone() {
        RelNode plan = logical(TpchQueries.query(2));

        // The minimum cost per part is joined with partsupp joined with the parts of one size and type: those parts,
        // not that join, filter the rows grouped.
        Aggregate minimumCost = nodes(plan).stream()
                .filter(node -> node instanceof Aggregate aggregate && aggregate.getGroupCount() == 1)
                .map(Aggregate.class::cast)
                .findFirst()
                .orElseThrow();
        assertThat(minimumCost.getInput()).isInstanceOfSatisfying(Join.class, join -> {
            assertThat(join.getJoinType()).isEqualTo(JoinRelType.SEMI);
            assertThat(scannedTables(join.getRight())).containsExactly("part");
        });
    }

    @Test
    void anAggregationJoinedWithAFilteredJoinIsSemiJoinedWithTheSmallInputHoldingTheKeys() {
        RelNode plan =
                logical("SELECT o_orderkey, total FROM (SELECT l_orderkey, sum(l_quantity) AS total FROM lineitem"
                        + " GROUP BY l_orderkey) JOIN (SELECT o_orderkey FROM orders JOIN customer ON c_custkey = o_custkey"
                        + " WHERE o_orderdate = DATE '1995-03-01') ON l_orderkey = o_orderkey");

        Join semi = joinsOf(plan).stream()
                .filter(join -> join.getJoinType() == JoinRelType.SEMI)
                .collect(onlyElement());
        assertThat(scannedTables(semi.getLeft())).containsExactly("lineitem");
        assertThat(scannedTables(semi.getRight())).containsExactly("orders");
    }

    @Test
    void anAggregationJoinedWithALargeInputIsNotSemiJoined() {
        RelNode plan = logical(
                "SELECT o_orderkey, total FROM orders JOIN"
                        + " (SELECT l_orderkey, sum(l_quantity) AS total FROM lineitem GROUP BY l_orderkey) ON l_orderkey = o_orderkey");

        assertThat(joinTypes(plan)).doesNotContain(JoinRelType.SEMI);
    }

    private static RelNode logical(String sql) {
        return COMPILER.compile(sql, "tpch", "sf1").logical();
    }

    private static List<RelNode> nodes(RelNode rel) {
        List<RelNode> nodes = new ArrayList<>(List.of(rel));
        rel.getInputs().forEach(input -> nodes.addAll(nodes(input)));
        return nodes;
    }

    private static List<JoinNode> planJoins(PlanNode node) {
        List<JoinNode> joins = new ArrayList<>();
        if (node instanceof JoinNode join) {
            joins.add(join);
        }
        node.sources().forEach(source -> joins.addAll(planJoins(source)));
        return joins;
    }

    private static List<Join> joinsOf(RelNode rel) {
        return nodes(rel).stream()
                .filter(Join.class::isInstance)
                .map(Join.class::cast)
                .toList();
    }

    private static List<JoinRelType> joinTypes(RelNode rel) {
        return joinsOf(rel).stream().map(Join::getJoinType).toList();
    }

    private static List<String> scannedTables(RelNode rel) {
        return nodes(rel).stream()
                .filter(TableScan.class::isInstance)
                .map(scan -> scan.getTable().getQualifiedName().get(2))
                .toList();
    }
}
