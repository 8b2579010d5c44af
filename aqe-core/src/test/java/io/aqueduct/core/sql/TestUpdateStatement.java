package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.type.DataType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** DDL and INSERT parsed by the generated Calcite parser, names resolved against the session's catalog and schema. */
class TestUpdateStatement {
    @Test
    void createTableWithColumnsTypesAndNotNull() {
        UpdateStatement statement = parse(
                        "CREATE TABLE IF NOT EXISTS s.\"Mixed\" (id INTEGER NOT NULL, name VARCHAR(10), price DECIMAL(12, 2),"
                                + " amount DECIMAL, added TIMESTAMP, ok BOOLEAN NULL)")
                .orElseThrow();
        assertThat(statement).isInstanceOfSatisfying(UpdateStatement.CreateTable.class, create -> {
            assertThat(create.table()).isEqualTo(new UpdateStatement.QualifiedName("memory", "s", "Mixed"));
            assertThat(create.ifNotExists()).isTrue();
            assertThat(create.query()).isEmpty();
            assertThat(create.columns())
                    .containsExactly(
                            new UpdateStatement.Column("id", DataType.INTEGER, false),
                            new UpdateStatement.Column("name", DataType.VARCHAR, true),
                            new UpdateStatement.Column("price", DataType.decimal(12, 2), true),
                            new UpdateStatement.Column("amount", DataType.decimal(18, 3), true),
                            new UpdateStatement.Column("added", DataType.TIMESTAMP, true),
                            new UpdateStatement.Column("ok", DataType.BOOLEAN, true));
        });
    }

    @Test
    void schemasTablesAsQueriesDropsAndInserts() {
        assertThat(parse("CREATE SCHEMA IF NOT EXISTS other.x"))
                .contains(
                        new UpdateStatement.CreateSchema(new UpdateStatement.QualifiedName("other", "x", null), true));
        assertThat(parse("DROP SCHEMA x"))
                .contains(new UpdateStatement.DropSchema(
                        new UpdateStatement.QualifiedName("memory", "x", null), false, false));
        assertThat(parse("DROP SCHEMA IF EXISTS x RESTRICT"))
                .contains(new UpdateStatement.DropSchema(
                        new UpdateStatement.QualifiedName("memory", "x", null), true, false));
        assertThat(parse("DROP SCHEMA x CASCADE"))
                .contains(new UpdateStatement.DropSchema(
                        new UpdateStatement.QualifiedName("memory", "x", null), false, true));
        assertThat(parse("DROP TABLE IF EXISTS t"))
                .contains(new UpdateStatement.DropTable(
                        new UpdateStatement.QualifiedName("memory", "public", "t"), true));
        assertThat(parse("CREATE TABLE c.s.t AS SELECT 1 AS x1").orElseThrow())
                .isInstanceOfSatisfying(UpdateStatement.CreateTable.class, create -> {
                    assertThat(create.table().catalog()).isEqualTo("c");
                    assertThat(create.query()).isPresent();
                });
        assertThat(parse("INSERT INTO t (b, a) VALUES (1, 2)").orElseThrow())
                .isInstanceOfSatisfying(UpdateStatement.Insert.class, insert -> {
                    assertThat(insert.table().name()).isEqualTo("t");
                    assertThat(insert.columns()).contains(List.of("b", "a"));
                });
        assertThat(parse("SELECT 1")).isEmpty();
        assertThat(parse("SELEC 1")).isEmpty();
    }

    @Test
    void aStatementThatStartsAsAQueryIsNoUpdateWhateverPrecedesItsFirstWord() {
        assertThat(UpdateStatement.QUERY_START
                        .matcher("  -- why\n /* what */ ((select 1))")
                        .lookingAt())
                .isTrue();
        assertThat(UpdateStatement.QUERY_START
                        .matcher("WITH x AS (SELECT 1) SELECT * FROM x")
                        .lookingAt())
                .isTrue();
        assertThat(UpdateStatement.QUERY_START
                        .matcher("explain analyze select 1")
                        .lookingAt())
                .isTrue();
        assertThat(UpdateStatement.QUERY_START
                        .matcher("/* SELECT */ INSERT INTO t VALUES (1)")
                        .lookingAt())
                .isFalse();
        assertThat(UpdateStatement.QUERY_START.matcher("SELECTED").lookingAt()).isFalse();
        assertThat(parse("/* a comment */ INSERT INTO t VALUES (1)")).containsInstanceOf(UpdateStatement.Insert.class);
        assertThat(parse("-- a comment\nCREATE SCHEMA y")).containsInstanceOf(UpdateStatement.CreateSchema.class);
        assertThat(parse("(SELECT 1) UNION ALL (SELECT 2)")).isEmpty();
    }

    private static Optional<UpdateStatement> parse(String sql) {
        return UpdateStatement.parse(sql, "memory", "public");
    }
}
