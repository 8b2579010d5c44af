package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.type.DataType;
import java.util.Locale;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarCharVector;

/** UPPER and LOWER (locale-independent); ASCII values are converted byte by byte without decoding. */
final class CaseConversionExpression extends UnaryExpression<VarCharVector, VarCharVector> {
    private final boolean upper;

    CaseConversionExpression(Function function, VectorExpression operand) {
        super(operand, DataType.VARCHAR);
        this.upper = switch (function) {
            case UPPER -> true;
            case LOWER -> false;
            default -> throw new IllegalArgumentException("Not a case conversion: " + function);
        };
    }

    @Override
    void compute(VarCharVector input, VarCharVector result, int rowCount) {
        ArrowBuf data = input.getDataBuffer();
        // ASCII values are converted in this buffer, reused from row to row.
        byte[] bytes = new byte[64];
        for (int i = 0; i < rowCount; i++) {
            if (input.isNull(i)) {
                continue;
            }
            int start = input.getStartOffset(i);
            int end = input.getEndOffset(i);
            int length = end - start;
            if (bytes.length < length) {
                bytes = new byte[Math.max(length, 2 * bytes.length)];
            }
            data.getBytes(start, bytes, 0, length);
            if (Utf8.isAscii(data, start, end)) {
                convertAscii(bytes, length);
                result.setSafe(i, bytes, 0, length);
            } else {
                String text = new String(bytes, 0, length, UTF_8);
                result.setSafe(
                        i, (upper ? text.toUpperCase(Locale.ROOT) : text.toLowerCase(Locale.ROOT)).getBytes(UTF_8));
            }
        }
    }

    private void convertAscii(byte[] bytes, int length) {
        byte first = (byte) (upper ? 'a' : 'A');
        byte last = (byte) (upper ? 'z' : 'Z');
        for (int i = 0; i < length; i++) {
            if (bytes[i] >= first && bytes[i] <= last) {
                bytes[i] ^= 0x20;
            }
        }
    }
}
