package io.aqueduct.core.skew;

/**
 * Random values addressed by row: {@code bits(seed, row)} is the {@code row}-th {@code nextLong()} (counting from
 * 0) of {@code new SplittableRandom(seed)}, computed without drawing the values before it. A column's values
 * therefore depend on its seed and the row number alone, whichever part of the table a scan reads.
 */
final class RowRandom {
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
    private static final double DOUBLE_UNIT = 0x1.0p-53;

    private RowRandom() {}

    static long bits(long seed, long row) {
        return mix64(seed + (row + 1) * GOLDEN_GAMMA);
    }

    /** A value in [0, 1), as {@code SplittableRandom.nextDouble()}. */
    static double uniform(long seed, long row) {
        return (bits(seed, row) >>> 11) * DOUBLE_UNIT;
    }

    /** A value in [0, bound), from the top 32 bits by multiply-and-shift. */
    static int below(long seed, long row, int bound) {
        return (int) (((bits(seed, row) >>> 32) * bound) >>> 32);
    }

    /** SplittableRandom's output function (Stafford's variant 13 of the MurmurHash3 finalizer). */
    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
