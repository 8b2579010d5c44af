package io.aqueduct.tpch.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/**
 * Writes the rows {@code io.trino.tpch} generates for one table as CSV without a header: money as exact
 * decimals with two places, dates as ISO dates, strings always quoted.
 */
final class TpchCsvWriter {
    private static final int BUFFER_BYTES = 1 << 20;

    private TpchCsvWriter() {}

    static <E extends TpchEntity> void write(TpchTable<E> table, double scaleFactor, Path file) throws IOException {
        List<TpchColumn<E>> columns = table.getColumns();
        try (Writer writer = new BufferedWriter(Files.newBufferedWriter(file, UTF_8), BUFFER_BYTES)) {
            StringBuilder line = new StringBuilder();
            for (E row : table.createGenerator(scaleFactor, 1, 1)) {
                line.setLength(0);
                for (int i = 0; i < columns.size(); i++) {
                    if (i > 0) {
                        line.append(',');
                    }
                    appendValue(line, columns.get(i), row);
                }
                line.append('\n');
                writer.append(line);
            }
        }
    }

    private static <E extends TpchEntity> void appendValue(StringBuilder line, TpchColumn<E> column, E row) {
        switch (column.getType().getBase()) {
            case IDENTIFIER -> line.append(column.getIdentifier(row));
            case INTEGER -> line.append(column.getInteger(row));
            // Money columns hand out exact hundredths as their identifier: the unscaled DECIMAL(15,2).
            case DOUBLE ->
                line.append(BigDecimal.valueOf(column.getIdentifier(row), 2).toPlainString());
            case DATE -> line.append(LocalDate.ofEpochDay(column.getDate(row)));
            case VARCHAR ->
                line.append('"')
                        .append(column.getString(row).replace("\"", "\"\""))
                        .append('"');
        }
    }
}
