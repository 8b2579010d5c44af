package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.trino.tpch.TpchTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestParquetTpch {
    @TempDir
    Path data;

    @Test
    void writesTheTablesOnceAndDuckDbReadsThem() throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(progress, true, StandardCharsets.UTF_8);
        Path root = ParquetTpch.ensure(data, ScaleFactor.SF0_01, out);

        assertThat(root).isEqualTo(data.resolve("tpch-parquet-0.01").toAbsolutePath());
        for (TpchTable<?> table : TpchTable.getTables()) {
            assertThat(root.resolve("tpch").resolve(table.getTableName() + ".parquet"))
                    .isRegularFile();
        }
        assertThat(ParquetTpch.catalogOption(root)).isEqualTo("--catalog=files=" + root);
        try (Connection duckDb = ParquetTpch.duckDb(root);
                Statement statement = duckDb.createStatement();
                ResultSet count = statement.executeQuery("SELECT count(*) FROM lineitem")) {
            assertThat(count.next()).isTrue();
            assertThat(count.getLong(1)).isEqualTo(60_175);
        }

        Path lineitem = root.resolve("tpch/lineitem.parquet");
        FileTime written = Files.getLastModifiedTime(lineitem);
        progress.reset();
        assertThat(ParquetTpch.ensure(data, ScaleFactor.SF0_01, out)).isEqualTo(root);
        assertThat(Files.getLastModifiedTime(lineitem)).isEqualTo(written);
        assertThat(progress.toString(StandardCharsets.UTF_8)).doesNotContain("Writing");
    }
}
