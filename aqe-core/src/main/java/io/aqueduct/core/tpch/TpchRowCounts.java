package io.aqueduct.core.tpch;

import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.SupplierGenerator;
import io.trino.tpch.TpchTable;

/** Exact number of rows the generator produces for a table in a schema. */
final class TpchRowCounts {
    private static final int SUPPLIERS_PER_PART = 4;
    private static final int NATION_ROWS = 25;
    private static final int REGION_ROWS = 5;

    private TpchRowCounts() {}

    static long rowCount(TpchTable<?> table, TpchSchema schema) {
        double scaleFactor = schema.scaleFactor();
        return switch (table.getTableName()) {
            case "customer" -> scaled(CustomerGenerator.SCALE_BASE, scaleFactor);
            case "orders" -> scaled(OrderGenerator.SCALE_BASE, scaleFactor);
            case "lineitem" -> schema.lineItemRows();
            case "part" -> scaled(PartGenerator.SCALE_BASE, scaleFactor);
            case "partsupp" -> scaled(PartGenerator.SCALE_BASE, scaleFactor) * SUPPLIERS_PER_PART;
            case "supplier" -> scaled(SupplierGenerator.SCALE_BASE, scaleFactor);
            case "nation" -> NATION_ROWS;
            case "region" -> REGION_ROWS;
            default -> throw new IllegalArgumentException("Unknown TPC-H table: " + table.getTableName());
        };
    }

    /** The generator's own formula (GenerateUtils.calculateRowCount for a single part). */
    private static long scaled(int scaleBase, double scaleFactor) {
        return (long) (scaleBase * scaleFactor);
    }
}
