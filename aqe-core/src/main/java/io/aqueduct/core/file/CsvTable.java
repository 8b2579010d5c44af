package io.aqueduct.core.file;

import com.fasterxml.jackson.dataformat.csv.CsvParser;
import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.file.TableFiles.FileStamp;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A table of CSV files with a header line: column names from the first file's header (every file must
 * have the same), types inferred from the first {@value #SAMPLE_RECORDS} records unless the table's
 * sidecar names them ({@link CsvSchemaSidecar}), and scans split by byte range at line boundaries. The
 * row count is estimated from the sample's bytes per record, the columns' statistics from the sample
 * ({@link CsvSampleStatistics}).
 */
final class CsvTable implements FileTable {
    static final int SAMPLE_RECORDS = 1_000;

    private final String name;
    private final RowType columns;
    private final List<CsvDataRange> files;
    private final TableStatistics statistics;
    private final Map<String, ColumnStatistics> columnStatistics;

    private CsvTable(
            String name,
            RowType columns,
            List<CsvDataRange> files,
            TableStatistics statistics,
            Map<String, ColumnStatistics> columnStatistics) {
        this.name = name;
        this.columns = columns;
        this.files = List.copyOf(files);
        this.statistics = statistics;
        this.columnStatistics = Map.copyOf(columnStatistics);
    }

    static CsvTable open(TableFiles table) {
        Path first = table.paths().get(0);
        Sample sample = sample(first);
        Map<String, DataType> overrides =
                table.schemaSidecar().map(CsvSchemaSidecar::read).orElse(Map.of());
        List<DataType> types = new ArrayList<>();
        for (int i = 0; i < sample.names().size(); i++) {
            types.add(
                    overrides.getOrDefault(sample.names().get(i), sample.types().get(i)));
        }
        List<CsvDataRange> files = new ArrayList<>();
        for (FileStamp file : table.files()) {
            List<String> header = file.path().equals(first) ? sample.names() : header(file.path());
            if (!header.equals(sample.names())) {
                throw new AqueductException(
                        ErrorCode.FILE_ERROR,
                        "CSV file %s has another header than %s of the same table".formatted(file.path(), first));
            }
            files.add(new CsvDataRange(file.path(), CsvFiles.headerEnd(file.path()), file.sizeBytes()));
        }
        long dataBytes = files.stream().mapToLong(CsvDataRange::length).sum();
        boolean wholeTable = sample.endedFile() && files.size() == 1;
        long rows = wholeTable ? sample.records() : Math.round(dataBytes / Math.max(1.0, sample.bytesPerRecord()));
        Map<String, ColumnStatistics> columnStatistics = new HashMap<>();
        for (int i = 0; i < sample.names().size(); i++) {
            String column = sample.names().get(i);
            sample.statistics()
                    .get(i)
                    .statistics(rows, wholeTable)
                    .ifPresent(found -> columnStatistics.put(column, found));
        }
        return new CsvTable(
                table.name(),
                new RowType(sample.names(), types),
                files,
                new TableStatistics(rows, dataBytes),
                columnStatistics);
    }

    @Override
    public Map<String, ColumnStatistics> columnStatistics() {
        return columnStatistics;
    }

    @Override
    public TableDefinition definition() {
        return new TableDefinition(name, columns);
    }

    @Override
    public TableStatistics statistics() {
        return statistics;
    }

    @Override
    public Operator scan(
            List<String> columnNames,
            List<ScanConstraint> constraints,
            int part,
            int partCount,
            ExecutionContext context) {
        int[] outputOfColumn = new int[columns.size()];
        java.util.Arrays.fill(outputOfColumn, -1);
        List<DataType> types = new ArrayList<>();
        for (int output = 0; output < columnNames.size(); output++) {
            int column = columns.names().indexOf(columnNames.get(output));
            if (column < 0) {
                throw new AqueductException(
                        ErrorCode.COLUMN_NOT_FOUND,
                        "Column %s does not exist in table %s".formatted(columnNames.get(output), name));
            }
            outputOfColumn[column] = output;
            types.add(columns.type(column));
        }
        String operatorName = "csv-scan %s part %d/%d".formatted(name, part, partCount);
        return new CsvScanOperator(
                new RowType(columnNames, types),
                columns.names(),
                outputOfColumn,
                share(part, partCount),
                operatorName,
                context);
    }

    /** Byte range {@code part} of {@code partCount} equal ranges of the files' data, cut where files end. */
    private List<CsvDataRange> share(int part, int partCount) {
        long total = files.stream().mapToLong(CsvDataRange::length).sum();
        long from = total * part / partCount;
        long to = total * (part + 1) / partCount;
        List<CsvDataRange> ranges = new ArrayList<>();
        long fileStart = 0;
        for (CsvDataRange file : files) {
            long fileEnd = fileStart + file.length();
            long start = Math.max(from, fileStart);
            long end = Math.min(to, fileEnd);
            if (start < end) {
                ranges.add(new CsvDataRange(
                        file.file(), file.start() + start - fileStart, file.start() + end - fileStart));
            }
            fileStart = fileEnd;
        }
        return ranges;
    }

    private static List<String> header(Path file) {
        try (InputStream input = Files.newInputStream(file);
                CsvParser parser = CsvFiles.parser(input)) {
            return names(file, CsvFiles.nextRecord(parser));
        } catch (IOException | RuntimeException e) {
            throw e instanceof AqueductException aqueduct ? aqueduct : CsvFiles.unreadable(file, e);
        }
    }

    private static List<String> names(Path file, List<String> header) {
        if (header == null || header.isEmpty()) {
            throw new AqueductException(ErrorCode.FILE_ERROR, "CSV file %s has no header line".formatted(file));
        }
        return header.stream()
                .map(column -> column.trim().toLowerCase(Locale.ROOT))
                .toList();
    }

    private static Sample sample(Path file) {
        try (InputStream input = Files.newInputStream(file);
                CsvParser parser = CsvFiles.parser(input)) {
            List<String> names = names(file, CsvFiles.nextRecord(parser));
            long headerChars = parser.currentLocation().getCharOffset();
            List<CsvTypeInference> inferences = new ArrayList<>();
            List<CsvSampleStatistics> statistics = new ArrayList<>();
            names.forEach(column -> {
                inferences.add(new CsvTypeInference());
                statistics.add(new CsvSampleStatistics());
            });
            int records = 0;
            List<String> record;
            while (records < SAMPLE_RECORDS && (record = CsvFiles.nextRecord(parser)) != null) {
                for (int i = 0; i < Math.min(record.size(), inferences.size()); i++) {
                    inferences.get(i).add(record.get(i));
                    statistics.get(i).add(record.get(i));
                }
                records++;
            }
            boolean ended = records < SAMPLE_RECORDS || CsvFiles.nextRecord(parser) == null;
            double bytesPerRecord =
                    records == 0 ? 1 : (parser.currentLocation().getCharOffset() - headerChars) / (double) records;
            return new Sample(
                    names,
                    inferences.stream().map(CsvTypeInference::type).toList(),
                    statistics,
                    records,
                    ended,
                    bytesPerRecord);
        } catch (IOException | RuntimeException e) {
            throw e instanceof AqueductException aqueduct ? aqueduct : CsvFiles.unreadable(file, e);
        }
    }

    /** What the first records of a table's first file say. */
    private record Sample(
            List<String> names,
            List<DataType> types,
            List<CsvSampleStatistics> statistics,
            int records,
            boolean endedFile,
            double bytesPerRecord) {}

    /** Bytes {@code [start, end)} of a CSV file; a range holds the records that start in it. */
    record CsvDataRange(Path file, long start, long end) {
        long length() {
            return end - start;
        }
    }
}
