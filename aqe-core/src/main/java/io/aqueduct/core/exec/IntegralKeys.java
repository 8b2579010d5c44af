package io.aqueduct.core.exec;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * The key tags of a {@link GroupByHash} on one integral key: a key's low 32 bits, which are the whole key when it
 * fits in them.
 */
final class IntegralKeys {
    private IntegralKeys() {}

    /** Whether a key of {@code type} is held as a 4- or 8-byte integer ({@link LongGroupColumn}). */
    static boolean supports(DataType type) {
        return switch (type.kind()) {
            case INTEGER, BIGINT, DECIMAL, DATE, TIMESTAMP, TIME -> true;
            default -> false;
        };
    }

    /**
     * Sets {@code tags[row]} to each row's key as an int and {@code fits[row]} to whether that is the whole key (not
     * NULL, within 32 bits).
     */
    static void tags(FieldVector keys, int rowCount, int[] tags, boolean[] fits) {
        ArrowBuf validity = keys.getValidityBuffer();
        ArrowBuf data = keys.getDataBuffer();
        boolean noNulls = keys.getNullCount() == 0;
        if (((BaseFixedWidthVector) keys).getTypeWidth() == Long.BYTES) {
            for (int row = 0; row < rowCount; row++) {
                long key = data.getLong((long) row * Long.BYTES);
                tags[row] = (int) key;
                fits[row] = key == (int) key && (noNulls || BitVectorHelper.get(validity, row) != 0);
            }
        } else {
            for (int row = 0; row < rowCount; row++) {
                tags[row] = data.getInt((long) row * Integer.BYTES);
                fits[row] = noNulls || BitVectorHelper.get(validity, row) != 0;
            }
        }
    }
}
