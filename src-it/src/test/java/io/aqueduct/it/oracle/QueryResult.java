package io.aqueduct.it.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A query's column names, column type names as the driver reports them, and normalized rows. */
public record QueryResult(List<String> columnNames, List<String> columnTypes, List<List<Object>> rows) {
    public QueryResult {
        columnNames = List.copyOf(columnNames);
        columnTypes = List.copyOf(columnTypes);
        // Rows hold SQL NULLs, which List.copyOf rejects.
        rows = rows.stream()
                .map(row -> Collections.unmodifiableList(new ArrayList<>(row)))
                .toList();
    }

    public int columnCount() {
        return columnNames.size();
    }
}
