package io.aqueduct.core.file;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.RowType;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Opens a table of a file catalog in its format. */
final class FileTables {
    private static final Logger LOG = LoggerFactory.getLogger(FileTables.class);

    private FileTables() {}

    /**
     * The table, or, when its footers or header cannot be read, a table without columns whose scans
     * fail with that error: one broken file must not hide the other tables of its schema.
     */
    static FileTable open(TableFiles files) {
        try {
            return switch (files.format()) {
                case PARQUET -> ParquetTable.open(files);
                case CSV -> CsvTable.open(files);
            };
        } catch (AqueductException e) {
            LOG.warn("Table {} is unreadable: {}", files.name(), e.getMessage());
            return new UnreadableTable(files.name(), e);
        }
    }

    /** A table whose files could not be read. */
    private record UnreadableTable(String name, AqueductException failure) implements FileTable {
        @Override
        public TableDefinition definition() {
            return new TableDefinition(name, new RowType(List.of(), List.of()));
        }

        @Override
        public TableStatistics statistics() {
            return new TableStatistics(0, 0);
        }

        @Override
        public Map<String, ColumnStatistics> columnStatistics() {
            return Map.of();
        }

        @Override
        public Operator scan(
                List<String> columns,
                List<ScanConstraint> constraints,
                int part,
                int partCount,
                ExecutionContext context) {
            throw new AqueductException(failure.errorCode(), failure.getMessage(), failure);
        }
    }
}
