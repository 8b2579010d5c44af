package io.aqueduct.core.testing;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Short spellings of rows and row types for tests. */
public final class RowFixtures {
    private RowFixtures() {}

    /** A row that may hold NULLs. */
    public static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    /** {@code rowType("a", DataType.INTEGER, "b", DataType.VARCHAR)}. */
    public static RowType rowType(Object... namesAndTypes) {
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            names.add((String) namesAndTypes[i]);
            types.add((DataType) namesAndTypes[i + 1]);
        }
        return new RowType(names, types);
    }
}
