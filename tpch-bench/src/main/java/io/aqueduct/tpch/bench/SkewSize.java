package io.aqueduct.tpch.bench;

/** A size of the built-in {@code skew} catalog: its schema and the rows of its {@code fact} table. */
public enum SkewSize {
    TINY("tiny", 100_000),
    SMALL("small", 1_000_000),
    MEDIUM("medium", 10_000_000),
    LARGE("large", 100_000_000),
    /** Key 1 holds about 80% of the fact rows (the other sizes: about 30%). */
    HOT("hot", 4_000_000);

    private final String schema;
    private final long factRows;

    SkewSize(String schema, long factRows) {
        this.schema = schema;
        this.factRows = factRows;
    }

    /** Schema of this size in Aqueduct's {@code skew} catalog. */
    public String schema() {
        return schema;
    }

    public long factRows() {
        return factRows;
    }
}
