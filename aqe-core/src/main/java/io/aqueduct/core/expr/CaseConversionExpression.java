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
        for (int i = 0; i < rowCount; i++) {
            if (input.isNull(i)) {
                continue;
            }
            int start = input.getStartOffset(i);
            int end = input.getEndOffset(i);
            byte[] bytes = new byte[end - start];
            data.getBytes(start, bytes);
            if (Utf8.isAscii(data, start, end)) {
                convertAscii(bytes);
                result.setSafe(i, bytes);
            } else {
                String text = new String(bytes, UTF_8);
                result.setSafe(
                        i, (upper ? text.toUpperCase(Locale.ROOT) : text.toLowerCase(Locale.ROOT)).getBytes(UTF_8));
            }
        }
    }

    private void convertAscii(byte[] bytes) {
        byte first = (byte) (upper ? 'a' : 'A');
        byte last = (byte) (upper ? 'z' : 'Z');
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] >= first && bytes[i] <= last) {
                bytes[i] ^= 0x20;
            }
        }
    }
}
