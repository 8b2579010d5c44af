package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.system.SystemSnapshotSource;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.TablelessPlans;
import io.aqueduct.core.tpch.TpchConnector;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.tpch.TpchQueries;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.junit.jupiter.api.Test;

/**
 * Constant subexpressions are computed once while planning, by the engine's kernels, never per row: Calcite's reduce
 * rules compute those of the SQL text ({@link EngineRexExecutor}), and the conversion into the engine's plan those on
 * parameters and the statement's time. The values are those the engine computes for a row.
 */
class TestConstantReduction extends ArrowAllocatorTest {
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(new TpchConnector()));

    @Test
    void tpchQ1FiltersShipDatesWithALiteralTheScanAlsoSees() {
        CompiledQuery q1 = compile(TpchQueries.query(1));

        FilterNode filter = single(FilterNode.class, q1.plan(List.of()));

        assertThat(q1.logicalPlan()).contains("<=($6, 1998-09-02)");
        assertThat(filter.predicate())
                .isEqualTo(new Call(
                        Function.LESS_THAN_OR_EQUAL,
                        List.of(new InputReference(6, DataType.DATE), date("1998-09-02")),
                        DataType.BOOLEAN));
        assertThat(((TableScanNode) filter.source()).constraints())
                .containsExactly(new ScanConstraint(
                        "l_shipdate",
                        ScanConstraint.Comparison.LESS_THAN_OR_EQUAL,
                        BigDecimal.valueOf(LocalDate.parse("1998-09-02").toEpochDay())));
    }

    @Test
    void constantsFoldInFiltersProjectionsJoinConditionsAndAggregateInputs() {
        CompiledQuery query = compile("SELECT o_orderpriority, sum(o_totalprice * (1 + 1)) FROM orders"
                + " JOIN customer ON o_custkey = c_custkey AND o_totalprice > c_acctbal * (2 + 3)"
                + " WHERE o_orderdate >= DATE '1995-01-01' + INTERVAL '1' MONTH GROUP BY o_orderpriority");
        PlanNode plan = query.plan(List.of());

        assertThat(constantCalls(query.logical())).isEmpty();
        assertThat(expressions(plan))
                .flatMap(TestConstantReduction::constantCalls)
                .isEmpty();
        assertThat(single(FilterNode.class, plan).predicate().toString())
                .isEqualTo(
                        "greater_than_or_equal($2, %d)",
                        LocalDate.parse("1995-02-01").toEpochDay());
        assertThat(single(JoinNode.class, plan).residual().toString())
                .isEqualTo("greater_than(cast($1), multiply($4, 5))");
        assertThat(nodes(ProjectNode.class, plan).get(0).projections().toString())
                .isEqualTo("[$2, multiply($1, 2)]");
    }

    @Test
    void foldedValuesAreTheEnginesForEveryType() {
        assertFoldsTo("SELECT 0.1 + 0.2", new Literal(3L, DataType.decimal(3, 1)));
        assertFoldsTo("SELECT CAST(1.005 AS DECIMAL(5, 2))", new Literal(101L, DataType.decimal(5, 2)));
        assertFoldsTo("SELECT DATE '2024-01-31' + INTERVAL '1' MONTH", date("2024-02-29"));
        assertFoldsTo(
                "SELECT TIMESTAMP '2024-01-02 03:04:05.123456' + INTERVAL '1' DAY",
                new Literal(micros("2024-01-03T03:04:05.123456"), DataType.TIMESTAMP));
        assertFoldsTo("SELECT TIMESTAMPDIFF(MONTH, DATE '2024-01-31', DATE '2024-02-29')", integer(1));
        // Calcite's own executor gives '2024-01-02 03:04:05' and 'ab   x': its CHAR is padded, the engine's is not.
        assertFoldsTo(
                "SELECT CAST(TIMESTAMP '2024-01-02 03:04:05.120' AS VARCHAR)",
                new Literal("2024-01-02 03:04:05.12", DataType.VARCHAR));
        assertFoldsTo("SELECT CAST('ab' AS CHAR(5)) || 'x'", new Literal("abx", DataType.VARCHAR));
        assertFoldsTo("SELECT CHAR_LENGTH(CAST('ab' AS CHAR(5)))", integer(2));
        assertFoldsTo("SELECT NULL + 1", new Literal(null, DataType.INTEGER));
        assertFoldsTo("SELECT 1e0 / 0", new Literal(Double.POSITIVE_INFINITY, DataType.DOUBLE));
    }

    @Test
    void aConstantThatFailsFailsWhenARowReachesItNotWhilePlanning() {
        CompiledQuery oneByZero = compile("SELECT 1 / 0");
        CompiledQuery overflow = compile("SELECT 2147483647 + 1");
        CompiledQuery untaken = compile("SELECT CASE WHEN x > 5 THEN 1 / 0 ELSE x END FROM (VALUES 1, 2) t(x)");
        CompiledQuery noRows = compile("SELECT 1 / 0 FROM (VALUES 1, 2) t(x) WHERE x > ?");

        assertThat(single(ProjectNode.class, oneByZero.plan(List.of()))
                        .projections()
                        .toString())
                .isEqualTo("[divide(1, 0)]");
        assertThatThrownBy(() -> run(oneByZero.plan(List.of())))
                .isInstanceOfSatisfying(
                        AqueductException.class,
                        e -> assertThat(e.errorCode().sqlState()).isEqualTo("22012"));
        assertThatThrownBy(() -> run(overflow.plan(List.of())))
                .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.NUMERIC_OUT_OF_RANGE));
        assertThat(run(untaken.plan(List.of()))).containsExactly(List.of(1L), List.of(2L));
        assertThat(run(noRows.plan(List.of(5)))).isEmpty();
    }

    @Test
    void aCallOnAParameterFoldsForEachExecution() {
        CompiledQuery query = compile("SELECT x FROM (VALUES DATE '2024-01-01', DATE '2024-03-01') t(x)"
                + " WHERE x < CAST(? AS DATE) + INTERVAL '1' MONTH");

        PlanNode plan = query.plan(List.of("2024-01-15"));

        assertThat(single(FilterNode.class, plan).predicate())
                .isEqualTo(new Call(
                        Function.LESS_THAN,
                        List.of(new InputReference(0, DataType.DATE), date("2024-02-15")),
                        DataType.BOOLEAN));
        assertThat(run(plan)).containsExactly(List.of(day("2024-01-01")));
        assertThat(run(query.plan(List.of("2024-02-15")))).hasSize(2);
    }

    /** CURRENT_DATE has one value per execution: folded into each execution's plan, never into the kept query. */
    @Test
    void aCachedStatementFoldsCurrentDateAnewForEachExecution() {
        String sql = "SELECT x FROM (VALUES DATE '2024-06-29', DATE '2024-06-30') t(x)"
                + " WHERE x >= CURRENT_DATE - INTERVAL '1' DAY";
        CompiledQuery first = compile(sql);
        CompiledQuery second = compile(sql);

        PlanNode onJuly1 = first.plan(List.of(), SystemSnapshotSource.NONE, noonUtc("2024-07-01"));
        PlanNode onJune30 = second.plan(List.of(), SystemSnapshotSource.NONE, noonUtc("2024-06-30"));

        assertThat(second).isSameAs(first);
        assertThat(first.logicalPlan()).contains("CURRENT_DATE");
        assertThat(single(FilterNode.class, onJuly1).predicate().toString())
                .isEqualTo("greater_than_or_equal($0, %d)", day("2024-06-30"));
        assertThat(run(onJuly1)).containsExactly(List.of(day("2024-06-30")));
        assertThat(run(onJune30)).containsExactly(List.of(day("2024-06-29")), List.of(day("2024-06-30")));
    }

    /**
     * The statement selects one value, which its plan holds as {@code expected}, computed while planning: as the one
     * projection over a row of VALUES, or as the VALUES themselves where Calcite made them of the projected literals.
     */
    private void assertFoldsTo(String sql, Literal expected) {
        PlanNode plan = compile(sql).plan(List.of());

        Expression planned = plan instanceof ValuesNode values
                ? values.rows().get(0).get(0)
                : ((ProjectNode) plan).projections().get(0);
        assertThat(planned).as(sql).isEqualTo(expected);
        assertThat(run(plan)).as(sql).containsExactly(Collections.singletonList(expected.value()));
    }

    private static CompiledQuery compile(String sql) {
        return COMPILER.compile(sql, "tpch", "tiny");
    }

    private List<List<Object>> run(PlanNode plan) {
        return TablelessPlans.run(plan, allocator);
    }

    /** The calls in the expressions of {@code rel} and its inputs that read no column, other than casts of literals. */
    private static List<RexNode> constantCalls(RelNode rel) {
        List<RexNode> calls = new ArrayList<>();
        rel.accept(new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                boolean castOfLiteral =
                        call.isA(SqlKind.CAST) && call.getOperands().get(0) instanceof RexLiteral;
                if (RexUtil.isConstant(call) && !castOfLiteral) {
                    calls.add(call);
                }
                return super.visitCall(call);
            }
        });
        rel.getInputs().forEach(input -> calls.addAll(constantCalls(input)));
        return calls;
    }

    /** The calls among {@code expression} and its operands that read no column. */
    private static List<Call> constantCalls(Expression expression) {
        List<Call> calls = new ArrayList<>();
        if (expression instanceof Call call) {
            if (readsNoColumn(call)) {
                calls.add(call);
            }
            call.operands().forEach(operand -> calls.addAll(constantCalls(operand)));
        }
        return calls;
    }

    private static boolean readsNoColumn(Expression expression) {
        return expression instanceof Literal
                || expression instanceof Call call
                        && call.operands().stream().allMatch(TestConstantReduction::readsNoColumn);
    }

    /** The expressions of every filter, projection and join residual of {@code plan}. */
    private static List<Expression> expressions(PlanNode plan) {
        List<Expression> expressions = new ArrayList<>();
        if (plan instanceof FilterNode filter) {
            expressions.add(filter.predicate());
        }
        if (plan instanceof ProjectNode project) {
            expressions.addAll(project.projections());
        }
        if (plan instanceof JoinNode join && join.residual() != null) {
            expressions.add(join.residual());
        }
        plan.sources().forEach(source -> expressions.addAll(expressions(source)));
        return expressions;
    }

    private static <N extends PlanNode> N single(Class<N> type, PlanNode plan) {
        List<N> nodes = nodes(type, plan);
        assertThat(nodes).hasSize(1);
        return nodes.get(0);
    }

    private static <N extends PlanNode> List<N> nodes(Class<N> type, PlanNode plan) {
        List<N> nodes = new ArrayList<>();
        if (type.isInstance(plan)) {
            nodes.add(type.cast(plan));
        }
        plan.sources().forEach(source -> nodes.addAll(nodes(type, source)));
        return nodes;
    }

    private static StatementTime noonUtc(String isoDate) {
        return new StatementTime(Instant.parse(isoDate + "T12:00:00Z"), ZoneOffset.UTC);
    }

    private static Literal date(String isoDate) {
        return new Literal(day(isoDate), DataType.DATE);
    }

    private static Literal integer(long value) {
        return new Literal(value, DataType.INTEGER);
    }

    private static long day(String isoDate) {
        return LocalDate.parse(isoDate).toEpochDay();
    }

    private static long micros(String isoDateTime) {
        return DateTimes.toMicros(LocalDateTime.parse(isoDateTime));
    }
}
