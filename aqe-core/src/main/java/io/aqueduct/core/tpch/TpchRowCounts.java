package io.aqueduct.core.tpch;

import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.GenerateUtils;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.RandomBoundedInt;
import io.trino.tpch.SupplierGenerator;
import io.trino.tpch.TpchTable;

/** Exact number of rows the generator produces for a table in a schema. */
final class TpchRowCounts {
    private static final int SUPPLIERS_PER_PART = 4;
    private static final int NATION_ROWS = 25;
    private static final int REGION_ROWS = 5;
    /** OrderGenerator's stream of lines per order: seed and range, one draw per order. */
    private static final long LINE_COUNT_SEED = 1434868289;

    private static final int MIN_LINES = 1;
    private static final int MAX_LINES = 7;

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

    /**
     * Rows the generator produces for part {@code part} (from 0) of {@code partCount}, without generating them:
     * the generator's own split formula, and for lineitem a replay of the part's draws of lines per order.
     */
    static long partRowCount(TpchTable<?> table, TpchSchema schema, int part, int partCount) {
        double scaleFactor = schema.scaleFactor();
        int generatorPart = part + 1;
        return switch (table.getTableName()) {
            case "customer" ->
                GenerateUtils.calculateRowCount(CustomerGenerator.SCALE_BASE, scaleFactor, generatorPart, partCount);
            case "orders" ->
                GenerateUtils.calculateRowCount(OrderGenerator.SCALE_BASE, scaleFactor, generatorPart, partCount);
            case "lineitem" -> lineItemPartRows(scaleFactor, generatorPart, partCount);
            case "part" ->
                GenerateUtils.calculateRowCount(PartGenerator.SCALE_BASE, scaleFactor, generatorPart, partCount);
            case "partsupp" ->
                GenerateUtils.calculateRowCount(PartGenerator.SCALE_BASE, scaleFactor, generatorPart, partCount)
                        * SUPPLIERS_PER_PART;
            case "supplier" ->
                GenerateUtils.calculateRowCount(SupplierGenerator.SCALE_BASE, scaleFactor, generatorPart, partCount);
            // Both are generated whole by the first part.
            case "nation" -> part == 0 ? NATION_ROWS : 0;
            case "region" -> part == 0 ? REGION_ROWS : 0;
            default -> throw new IllegalArgumentException("Unknown TPC-H table: " + table.getTableName());
        };
    }

    private static long lineItemPartRows(double scaleFactor, int generatorPart, int partCount) {
        long firstOrder =
                GenerateUtils.calculateStartIndex(OrderGenerator.SCALE_BASE, scaleFactor, generatorPart, partCount);
        long orders = GenerateUtils.calculateRowCount(OrderGenerator.SCALE_BASE, scaleFactor, generatorPart, partCount);
        RandomBoundedInt lineCounts = new RandomBoundedInt(LINE_COUNT_SEED, MIN_LINES, MAX_LINES);
        lineCounts.advanceRows(firstOrder);
        long lines = 0;
        for (long order = 0; order < orders; order++) {
            lines += lineCounts.nextValue();
            lineCounts.rowFinished();
        }
        return lines;
    }

    /** The generator's own formula (GenerateUtils.calculateRowCount for a single part). */
    private static long scaled(int scaleBase, double scaleFactor) {
        return (long) (scaleBase * scaleFactor);
    }
}
