package io.aqueduct.core.tpch;

import io.aqueduct.core.type.DataType;
import io.trino.tpch.TpchColumn;

/** Engine types of the TPC-H columns. */
public final class TpchTypes {
    /** Money, quantity, discount and tax: the generator holds them as exact hundredths. */
    public static final DataType MONEY = DataType.decimal(15, 2);

    private TpchTypes() {}

    public static DataType dataType(TpchColumn<?> column) {
        return switch (column.getType().getBase()) {
            case IDENTIFIER -> DataType.BIGINT;
            case INTEGER -> DataType.INTEGER;
            case DOUBLE -> MONEY;
            case DATE -> DataType.DATE;
            case VARCHAR -> DataType.VARCHAR;
        };
    }
}
