package io.aqueduct.core.tpch;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;

/** Writes one column of a generated row into an Arrow vector with the column's typed getter. */
@FunctionalInterface
interface TpchColumnWriter<E extends TpchEntity> {
    void write(E row, int index);

    /**
     * A writer into {@code vector}, which must be built from {@link TpchTypes#dataType(TpchColumn)} and
     * have capacity for every index written to fixed-width columns.
     */
    static <E extends TpchEntity> TpchColumnWriter<E> create(TpchColumn<E> column, FieldVector vector) {
        return switch (column.getType().getBase()) {
            // Money columns hand out exact hundredths as their identifier.
            case IDENTIFIER, DOUBLE -> {
                BigIntVector longs = (BigIntVector) vector;
                yield (row, index) -> longs.set(index, column.getIdentifier(row));
            }
            case INTEGER -> {
                IntVector ints = (IntVector) vector;
                yield (row, index) -> ints.set(index, column.getInteger(row));
            }
            case DATE -> {
                DateDayVector dates = (DateDayVector) vector;
                yield (row, index) -> dates.set(index, column.getDate(row));
            }
            case VARCHAR -> {
                VarCharVector strings = (VarCharVector) vector;
                yield (row, index) ->
                        strings.setSafe(index, column.getString(row).getBytes(UTF_8));
            }
        };
    }
}
