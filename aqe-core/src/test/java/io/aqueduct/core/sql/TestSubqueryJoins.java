package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

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
    void anExistsOnKeysAloneJoinsTheDistinctKeysOfTheSubquery() {
        RelNode plan = logical(TpchQueries.query(4));

        assertThat(joinTypes(plan)).containsExactly(JoinRelType.INNER);
        assertThat(nodes(plan)).filteredOn(Aggregate.class::isInstance).hasSize(2);
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
