package io.aqueduct.core.expr;

import io.aqueduct.core.type.TypeKind;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.IntVector;

/**
 * Between BOOLEAN and INTEGER or BIGINT, as in PostgreSQL and DuckDB: zero is false, any other integer true; false is 0,
 * true 1.
 */
final class BooleanCasts {
    private BooleanCasts() {}

    static CastExpression.Conversion fromInteger(TypeKind source) {
        if (source == TypeKind.INTEGER) {
            return (input, result, rowCount) -> {
                IntVector ints = (IntVector) input;
                BitVector booleans = (BitVector) result;
                for (int i = 0; i < rowCount; i++) {
                    if (!ints.isNull(i)) {
                        booleans.set(i, ints.get(i) != 0 ? 1 : 0);
                    }
                }
            };
        }
        return (input, result, rowCount) -> {
            BigIntVector longs = (BigIntVector) input;
            BitVector booleans = (BitVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!longs.isNull(i)) {
                    booleans.set(i, longs.get(i) != 0 ? 1 : 0);
                }
            }
        };
    }

    static CastExpression.Conversion toInteger(TypeKind target) {
        if (target == TypeKind.INTEGER) {
            return (input, result, rowCount) -> {
                BitVector booleans = (BitVector) input;
                IntVector ints = (IntVector) result;
                for (int i = 0; i < rowCount; i++) {
                    if (!booleans.isNull(i)) {
                        ints.set(i, booleans.get(i));
                    }
                }
            };
        }
        return (input, result, rowCount) -> {
            BitVector booleans = (BitVector) input;
            BigIntVector longs = (BigIntVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!booleans.isNull(i)) {
                    longs.set(i, booleans.get(i));
                }
            }
        };
    }
}
