package io.aqueduct.jdbc;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Arrays;

/**
 * The strings of up to {@link #MAX_BYTES} UTF-8 bytes that a frame's decoding made, so that a frame's
 * repeated short texts (flags, codes, categories) are one shared {@link String} each rather than one per
 * row. A fixed table, one string per slot, each remembered by where its bytes are in the frame's
 * response: a slot taken by another text is overwritten. One frame's decoding owns it (not thread-safe).
 */
final class ShortStrings {
    static final int MAX_BYTES = 24;
    private static final int SLOTS = 1024;

    private final byte[] bytes;
    /** Per slot: where the string's bytes start in {@link #bytes}, and how many. */
    private final int[] starts = new int[SLOTS];

    private final int[] lengths = new int[SLOTS];
    private final String[] strings = new String[SLOTS];

    /** The strings of texts in {@code bytes}, which must not change. */
    ShortStrings(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The string of the UTF-8 bytes at {@code start}, {@code length} of them, at most {@link #MAX_BYTES}. */
    String of(int start, int length) {
        int hash = length;
        for (int i = start; i < start + length; i++) {
            hash = 31 * hash + bytes[i];
        }
        int slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
        String string = strings[slot];
        if (string != null
                && lengths[slot] == length
                && Arrays.equals(bytes, starts[slot], starts[slot] + length, bytes, start, start + length)) {
            return string;
        }
        string = new String(bytes, start, length, UTF_8);
        starts[slot] = start;
        lengths[slot] = length;
        strings[slot] = string;
        return string;
    }
}
