package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * {@code value IN (literal, ...)} against a set built once: sorted primitive arrays for numbers and
 * dates (no boxing per row), the strings' UTF-8 bytes sorted as unsigned bytes, searched in the vector's data
 * buffer (no String per row). TRUE on a match; otherwise NULL when the value
 * or any literal is NULL, else FALSE.
 */
final class InExpression extends UnaryExpression<FieldVector, BitVector> {
    private final TypeKind kind;
    private final boolean hasNullLiteral;
    private final long[] longs;
    private final double[] doubles;
    private final byte[][] utf8Strings;
    private final boolean[] booleans;

    InExpression(VectorExpression value, DataType valueType, List<Literal> literals) {
        super(value, DataType.BOOLEAN);
        this.kind = valueType.kind();
        this.hasNullLiteral = literals.stream().anyMatch(Literal::isNull);
        List<Literal> values =
                literals.stream().filter(literal -> !literal.isNull()).toList();
        this.longs = values.stream()
                .map(literal -> exactValue(literal, NumericCasts.scale(valueType)))
                .filter(unscaled -> unscaled != null)
                .mapToLong(Long::longValue)
                .sorted()
                .toArray();
        this.doubles = values.stream()
                .filter(literal -> literal.type().isNumeric())
                .mapToDouble(literal -> positiveZero(doubleValue(literal)))
                .sorted()
                .toArray();
        this.utf8Strings = values.stream()
                .filter(literal -> literal.value() instanceof String)
                .map(literal -> ((String) literal.value()).getBytes(UTF_8))
                .sorted(Arrays::compareUnsigned)
                .toArray(byte[][]::new);
        this.booleans = new boolean[2];
        for (Literal literal : values) {
            if (literal.value() instanceof Boolean bool) {
                booleans[bool ? 1 : 0] = true;
            }
        }
    }

    /** The literal as an unscaled value at {@code scale}, or null when no value at that scale equals it. */
    private static Long exactValue(Literal literal, int scale) {
        BigDecimal value;
        if (literal.type().kind() == TypeKind.DOUBLE) {
            if (!Double.isFinite(literal.doubleValue())) {
                return null;
            }
            value = BigDecimal.valueOf(literal.doubleValue());
        } else if (literal.value() instanceof Long) {
            value = BigDecimal.valueOf(literal.longValue(), NumericCasts.scale(literal.type()));
        } else {
            return null;
        }
        try {
            return value.movePointRight(scale).longValueExact();
        } catch (ArithmeticException e) {
            return null;
        }
    }

    private static double doubleValue(Literal literal) {
        return literal.type().kind() == TypeKind.DOUBLE
                ? literal.doubleValue()
                : literal.longValue() / (double) DecimalMath.powerOfTen(NumericCasts.scale(literal.type()));
    }

    @Override
    void compute(FieldVector input, BitVector result, int rowCount) {
        switch (kind) {
            case INTEGER -> {
                IntVector values = (IntVector) input;
                for (int i = 0; i < rowCount; i++) {
                    if (!values.isNull(i)) {
                        setOutcome(result, i, Arrays.binarySearch(longs, values.get(i)) >= 0);
                    }
                }
            }
            case BIGINT, DECIMAL -> {
                BigIntVector values = (BigIntVector) input;
                for (int i = 0; i < rowCount; i++) {
                    if (!values.isNull(i)) {
                        setOutcome(result, i, Arrays.binarySearch(longs, values.get(i)) >= 0);
                    }
                }
            }
            case DATE -> {
                DateDayVector values = (DateDayVector) input;
                for (int i = 0; i < rowCount; i++) {
                    if (!values.isNull(i)) {
                        setOutcome(result, i, Arrays.binarySearch(longs, values.get(i)) >= 0);
                    }
                }
            }
            case TIMESTAMP, TIME -> {
                BaseFixedWidthVector values = (BaseFixedWidthVector) input;
                for (int i = 0; i < rowCount; i++) {
                    if (!values.isNull(i)) {
                        long micros = values.getDataBuffer().getLong((long) i * Long.BYTES);
                        setOutcome(result, i, Arrays.binarySearch(longs, micros) >= 0);
                    }
                }
            }
            case DOUBLE -> {
                Float8Vector values = (Float8Vector) input;
                for (int i = 0; i < rowCount; i++) {
                    if (!values.isNull(i)) {
                        setOutcome(result, i, containsDouble(values.get(i)));
                    }
                }
            }
            case VARCHAR -> {
                VarCharVector values = (VarCharVector) input;
                ArrowBuf data = values.getDataBuffer();
                for (int i = 0; i < rowCount; i++) {
                    if (!values.isNull(i)) {
                        setOutcome(result, i, containsString(data, values.getStartOffset(i), values.getEndOffset(i)));
                    }
                }
            }
            case BOOLEAN -> {
                BitVector values = (BitVector) input;
                for (int i = 0; i < rowCount; i++) {
                    if (!values.isNull(i)) {
                        setOutcome(result, i, booleans[values.get(i)]);
                    }
                }
            }
            case VARBINARY -> throw new IllegalStateException("IN over VARBINARY compiles to equalities");
            case NULL -> {}
        }
    }

    /**
     * Binary search of the bytes {@code [start, end)} of {@code data} among the literals' UTF-8 bytes, which
     * {@link Arrays#compareUnsigned} sorted in the order of {@link ByteFunctionHelpers#compare}.
     */
    private boolean containsString(ArrowBuf data, int start, int end) {
        int low = 0;
        int high = utf8Strings.length - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            byte[] literal = utf8Strings[middle];
            int comparison = ByteFunctionHelpers.compare(data, start, end, literal, 0, literal.length);
            if (comparison == 0) {
                return true;
            } else if (comparison > 0) {
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return false;
    }

    // Equality as in comparisons: binary search treats NaN as equal to NaN, and -0.0 is folded into 0.0.
    private boolean containsDouble(double value) {
        return Arrays.binarySearch(doubles, positiveZero(value)) >= 0;
    }

    private static double positiveZero(double value) {
        return value == 0.0 ? 0.0 : value;
    }

    /** Sets TRUE on a match, otherwise FALSE, or leaves NULL when a literal is NULL. */
    private void setOutcome(BitVector result, int row, boolean found) {
        if (found) {
            result.set(row, 1);
        } else if (!hasNullLiteral) {
            result.set(row, 0);
        }
    }
}
