package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.memory.MemoryCatalog;
import io.aqueduct.core.memory.MemoryConnector;
import io.aqueduct.core.tpch.TpchConnector;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestCompiledQueryCache {
    private final MemoryConnector memory = new MemoryConnector();
    private final QueryCompiler compiler = new QueryCompiler(List.of(new TpchConnector(), memory));

    @Test
    void aRepeatedQueryOverFixedTablesIsCompiledOnce() {
        String sql = "SELECT n_name FROM nation WHERE n_regionkey = 1";

        CompiledQuery first = compiler.compile(sql, "tpch", "tiny");

        assertThat(compiler.compile(sql, "tpch", "tiny")).isSameAs(first);
        assertThat(compiler.compiledQueriesKept()).isEqualTo(1);
    }

    @Test
    void theDefaultSchemaIsPartOfTheStatement() {
        String sql = "SELECT count(*) FROM nation";

        CompiledQuery tiny = compiler.compile(sql, "tpch", "tiny");
        CompiledQuery sf1 = compiler.compile(sql, "tpch", "sf1");

        assertThat(sf1).isNotSameAs(tiny);
        assertThat(compiler.compile(sql, "tpch", "sf1")).isSameAs(sf1);
    }

    @Test
    void anExplainReusesTheQueryCompiledForItsStatement() {
        CompiledQuery query = compiler.compile("SELECT r_name FROM region", "tpch", "tiny");

        CompiledQuery explained = compiler.compile("EXPLAIN SELECT r_name FROM region", "tpch", "tiny");

        assertThat(explained.explainMode()).isEqualTo(CompiledQuery.ExplainMode.PLAN);
        assertThat(explained.logical()).isSameAs(query.logical());
        assertThat(compiler.compile("SELECT r_name FROM region", "tpch", "tiny").explainMode())
                .isEqualTo(CompiledQuery.ExplainMode.NONE);
    }

    @Test
    void aQueryOverATableThatCanChangeIsCompiledEveryTime() {
        memory.catalog().createTable(MemoryCatalog.DEFAULT_SCHEMA, table("t", "a"), false);
        String sql = "SELECT a FROM memory.public.t";

        CompiledQuery first = compiler.compile(sql, "tpch", "tiny");

        assertThat(compiler.compile(sql, "tpch", "tiny")).isNotSameAs(first);
        assertThat(compiler.compiledQueriesKept()).isZero();
    }

    @Test
    void aCatalogChangeDropsTheCompiledQueries() {
        String sql = "SELECT count(*) FROM tpch.tiny.region";
        CompiledQuery before = compiler.compile(sql, "memory", "public");

        compiler.catalogChanged();

        assertThat(compiler.compiledQueriesKept()).isZero();
        assertThat(compiler.compile(sql, "memory", "public")).isNotSameAs(before);
    }

    @Test
    void aTableReplacedWithOtherColumnsIsCompiledAnew() {
        memory.catalog().createTable(MemoryCatalog.DEFAULT_SCHEMA, table("t", "a"), false);
        String sql = "SELECT * FROM memory.public.t";
        assertThat(compiler.compile(sql, "tpch", "tiny").resultType().names()).containsExactly("a");

        memory.catalog().dropTable(MemoryCatalog.DEFAULT_SCHEMA, "t", false);
        memory.catalog().createTable(MemoryCatalog.DEFAULT_SCHEMA, table("t", "b"), false);
        compiler.catalogChanged();

        assertThat(compiler.compile(sql, "tpch", "tiny").resultType().names()).containsExactly("b");
    }

    @Test
    void aFailedCompileIsNotKept() {
        assertThatThrownBy(() -> compiler.compile("SELECT nope FROM nation", "tpch", "tiny"))
                .isInstanceOf(AqueductException.class);

        assertThat(compiler.compiledQueriesKept()).isZero();
    }

    private static TableDefinition table(String name, String column) {
        return new TableDefinition(name, new RowType(List.of(column), List.of(DataType.BIGINT)));
    }
}
