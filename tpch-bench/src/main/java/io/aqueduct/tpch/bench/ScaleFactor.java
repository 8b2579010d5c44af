package io.aqueduct.tpch.bench;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.stream.Collectors;

/** A TPC-H scale factor the benchmark runs, with its schema in Aqueduct's {@code tpch} catalog. */
public enum ScaleFactor {
    SF0_01("0.01", "tiny"),
    SF0_1("0.1", "sf0_1"),
    SF1("1", "sf1"),
    SF10("10", "sf10");

    private final String label;
    private final String schema;

    ScaleFactor(String label, String schema) {
        this.label = label;
        this.schema = schema;
    }

    /** The scale factor written as a number, {@code "0.1"} for example; "1.0" and "1" are the same one. */
    public static ScaleFactor parse(String text) {
        BigDecimal value = new BigDecimal(text.strip());
        return Arrays.stream(values())
                .filter(scaleFactor -> new BigDecimal(scaleFactor.label).compareTo(value) == 0)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Unsupported scale factor %s; expected one of %s"
                        .formatted(
                                text,
                                Arrays.stream(values()).map(ScaleFactor::label).collect(Collectors.joining(", ")))));
    }

    public String label() {
        return label;
    }

    public double value() {
        return Double.parseDouble(label);
    }

    /** Schema of this scale factor in Aqueduct's {@code tpch} catalog. */
    public String schema() {
        return schema;
    }
}
