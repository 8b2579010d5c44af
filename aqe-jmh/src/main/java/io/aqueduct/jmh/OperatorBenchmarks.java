package io.aqueduct.jmh;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.FilterOperator;
import io.aqueduct.core.exec.HashAggregationOperator;
import io.aqueduct.core.exec.HashJoinOperator;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.ProjectOperator;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateFunction;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine's operators over {@link #ROWS} generated rows per invocation; each score is input rows per second
 * (the probe side's rows for the join). Run through the operators' public factories, as a worker's task does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(OperatorBenchmarks.ROWS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            // As production workers run (ArrowAccess): without Arrow's per-access bounds and null checks.
            "-Darrow.enable_unsafe_memory_access=true",
            "-Darrow.enable_null_check_for_get=false"
        })
public class OperatorBenchmarks {
    static final int ROWS = 1 << 20;
    private static final int BUILD_ROWS = 1 << 17;

    /** Distinct grouping keys of the aggregation. */
    @Param({"1000", "100000"})
    public int groups;

    private BufferAllocator allocator;
    private KernelData probeData;
    private KernelData buildData;
    private ExecutionContext context;

    @Setup(Level.Trial)
    public void setUp() {
        allocator = new RootAllocator();
        probeData = new KernelData(ROWS, groups, false, allocator);
        // Unique build keys over [0, BUILD_ROWS): probe keys below it find one row each.
        buildData = new KernelData(BUILD_ROWS, BUILD_ROWS, true, allocator);
        context = ExecutionContext.of(allocator);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        probeData.close();
        buildData.close();
        allocator.close();
    }

    /** GROUP BY key with SUM(amount) and COUNT(*). */
    @Benchmark
    public long hashAggregation() {
        RowType output = new RowType(
                List.of("key", "total", "n"), List.of(DataType.BIGINT, DataType.decimal(18, 2), DataType.BIGINT));
        AggregateNode node = new AggregateNode(
                source(),
                List.of(0),
                List.of(
                        new AggregateCall(AggregateFunction.SUM, List.of(1), DataType.decimal(18, 2)),
                        new AggregateCall(AggregateFunction.COUNT, List.of(), DataType.BIGINT)),
                output);
        try (Operator aggregation = HashAggregationOperator.create(node, probeData.replay(allocator), context)) {
            return KernelData.drain(aggregation);
        }
    }

    /** GROUP BY the VARCHAR comment (49 distinct values) with COUNT(*): string keys compared from their bytes. */
    @Benchmark
    public long hashAggregationByString() {
        RowType output = new RowType(List.of("comment", "n"), List.of(DataType.VARCHAR, DataType.BIGINT));
        AggregateNode node = new AggregateNode(
                source(),
                List.of(2),
                List.of(new AggregateCall(AggregateFunction.COUNT, List.of(), DataType.BIGINT)),
                output);
        try (Operator aggregation = HashAggregationOperator.create(node, probeData.replay(allocator), context)) {
            return KernelData.drain(aggregation);
        }
    }

    /** An inner join on the key of {@link #BUILD_ROWS} unique build rows, all columns of both sides out. */
    @Benchmark
    public long hashJoinBuildAndProbe() {
        return join(probeData.replay(allocator), JoinType.INNER);
    }

    /** The same build as a SEMI join: the probe's lookups, and the probe rows out without build columns. */
    @Benchmark
    public long hashSemiJoinBuildAndProbe() {
        return join(probeData.replay(allocator), JoinType.SEMI);
    }

    /** The same join's build alone: an empty probe side. */
    @Benchmark
    @OperationsPerInvocation(BUILD_ROWS)
    public long hashJoinBuild() {
        return join(new KernelData(0, 1, false, allocator).replay(allocator), JoinType.INNER);
    }

    private long join(Operator probe, JoinType joinType) {
        List<String> names = new ArrayList<>(KernelData.TYPE.names());
        List<DataType> types = new ArrayList<>(KernelData.TYPE.types());
        if (joinType.outputsBuildSide()) {
            KernelData.TYPE.names().forEach(name -> names.add("b_" + name));
            types.addAll(KernelData.TYPE.types());
        }
        JoinNode node = new JoinNode(
                source(),
                source(),
                joinType,
                List.of(0),
                List.of(0),
                List.of(false),
                null,
                new RowType(names, types),
                0,
                JoinDistribution.PARTITIONED);
        try (Operator join = HashJoinOperator.create(node, probe, buildData.replay(allocator), context)) {
            return KernelData.drain(join);
        }
    }

    /** WHERE amount < 5000.00 (unscaled 500000), about half the rows, the literal on the right. */
    @Benchmark
    public long filter() {
        Call predicate = new Call(
                Function.LESS_THAN,
                List.of(new InputReference(1, DataType.decimal(12, 2)), new Literal(500_000L, DataType.decimal(12, 2))),
                DataType.BOOLEAN);
        try (Operator filter =
                FilterOperator.create(new FilterNode(source(), predicate), probeData.replay(allocator), context)) {
            return KernelData.drain(filter);
        }
    }

    /**
     * TPC-H Q1's revenue terms on a DECIMAL(12,2) column: {@code amount * (1 - amount / 10^6)} and {@code amount +
     * amount}, the literal on the left: decimal multiply and subtract, and a same-scale add.
     */
    @Benchmark
    public long projectArithmetic() {
        DataType amountType = DataType.decimal(12, 2);
        InputReference amount = new InputReference(1, amountType);
        Call oneMinus =
                new Call(Function.SUBTRACT, List.of(new Literal(100L, amountType), amount), DataType.decimal(13, 2));
        Call revenue = new Call(Function.MULTIPLY, List.of(amount, oneMinus), DataType.decimal(18, 4));
        Call doubled = new Call(Function.ADD, List.of(amount, amount), DataType.decimal(13, 2));
        ProjectNode node = new ProjectNode(
                source(),
                List.of(revenue, doubled),
                new RowType(List.of("revenue", "doubled"), List.of(DataType.decimal(18, 4), DataType.decimal(13, 2))));
        try (Operator project = ProjectOperator.create(node, probeData.replay(allocator), context)) {
            return KernelData.drain(project);
        }
    }

    private static ValuesNode source() {
        return new ValuesNode(KernelData.TYPE, List.of());
    }
}
