package io.aqueduct.jdbc;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.math.BigDecimal;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * The values of a fetched frame's rows, one after the other in primitive arrays: a kind and a number per
 * value, the text of a string kept as its place in the response's bytes, and an object only where the
 * value is one already (bytes, a decimal that does not fit a long, a short string shared by the frame).
 * The frame's rows are views ({@link #rows()}) whose values are made as a row is read, the objects
 * Avatica's own frame decoding gives: a frame waiting to be read holds no object per value, which the
 * garbage collector would otherwise copy and promote while the client reads the frame before it.
 */
final class FrameValues {
    static final byte NULL = 0;
    static final byte BOOLEAN = 1;
    static final byte INT = 2;
    static final byte LONG = 3;
    static final byte SHORT = 4;
    static final byte BYTE = 5;
    static final byte FLOAT = 6;
    static final byte DOUBLE = 7;
    /** A decimal: the unscaled value in the number, its scale in {@link #scales}. */
    static final byte DECIMAL = 8;
    /** UTF-8 text in {@link #source}: where it starts in the number's high half, its length in the low half. */
    static final byte TEXT = 9;
    /** The value is in {@link #objects}. */
    static final byte OBJECT = 10;

    private final byte[] source;
    private byte[] kinds;
    private long[] numbers;
    private byte[] scales;
    private Object[] objects;
    private int size;
    private int[] rowStarts = new int[64];
    private int rowCount;

    /** Values whose texts are in {@code source}, about {@code expectedValues} of them. */
    FrameValues(byte[] source, int expectedValues) {
        this.source = source;
        int capacity = Math.max(16, expectedValues);
        this.kinds = new byte[capacity];
        this.numbers = new long[capacity];
    }

    /** Starts the next row; its values are the ones added until the next row starts. */
    void startRow() {
        if (rowCount + 1 >= rowStarts.length) {
            rowStarts = Arrays.copyOf(rowStarts, rowStarts.length * 2);
        }
        rowStarts[rowCount++] = size;
        rowStarts[rowCount] = size;
    }

    /** Ends the row {@link #startRow} started. */
    void endRow() {
        rowStarts[rowCount] = size;
    }

    void add(byte kind, long number) {
        ensure();
        kinds[size] = kind;
        numbers[size++] = number;
    }

    void addText(int start, int length) {
        add(TEXT, ((long) start << 32) | length);
    }

    void addDecimal(long unscaled, byte scale) {
        if (scales == null) {
            scales = new byte[kinds.length];
        }
        scales[size] = scale;
        add(DECIMAL, unscaled);
    }

    void addObject(Object value) {
        if (objects == null) {
            objects = new Object[kinds.length];
        }
        objects[size] = value;
        add(OBJECT, 0);
    }

    private void ensure() {
        if (size < kinds.length) {
            return;
        }
        int capacity = kinds.length * 2;
        kinds = Arrays.copyOf(kinds, capacity);
        numbers = Arrays.copyOf(numbers, capacity);
        if (scales != null) {
            scales = Arrays.copyOf(scales, capacity);
        }
        if (objects != null) {
            objects = Arrays.copyOf(objects, capacity);
        }
    }

    /** The rows, each a list of its values made on reading. */
    List<Object> rows() {
        return new Rows();
    }

    private Object value(int index) {
        long number = numbers[index];
        return switch (kinds[index]) {
            case NULL -> null;
            case BOOLEAN -> number != 0;
            case INT -> (int) number;
            case LONG -> number;
            case SHORT -> (short) number;
            case BYTE -> (byte) number;
            case FLOAT -> Float.intBitsToFloat((int) number);
            case DOUBLE -> Double.longBitsToDouble(number);
            case DECIMAL -> BigDecimal.valueOf(number, scales[index]);
            case TEXT -> new String(source, (int) (number >>> 32), (int) number, UTF_8);
            case OBJECT -> objects[index];
            default -> throw new IllegalStateException("Unknown value kind " + kinds[index]);
        };
    }

    private final class Rows extends AbstractList<Object> {
        @Override
        public Object get(int row) {
            if (row < 0 || row >= rowCount) {
                throw new IndexOutOfBoundsException(row);
            }
            return new Row(rowStarts[row], rowStarts[row + 1]);
        }

        @Override
        public int size() {
            return rowCount;
        }
    }

    /** One row's values, from {@code start} to {@code end}. */
    private final class Row extends AbstractList<Object> {
        private final int start;
        private final int end;

        Row(int start, int end) {
            this.start = start;
            this.end = end;
        }

        @Override
        public Object get(int column) {
            if (column < 0 || column >= end - start) {
                throw new IndexOutOfBoundsException(column);
            }
            return value(start + column);
        }

        @Override
        public int size() {
            return end - start;
        }
    }
}
