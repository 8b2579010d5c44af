package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * A decimal constant with more fraction digits than a DECIMAL holds ({@link DataType#MAX_DECIMAL_PRECISION} digits in
 * all), as BI tools write a double's shortest text ({@code 100.33333333333333331}), is rounded to that many
 * significant digits, half to even; Calcite refused it with "Numeric literal out of range" (42000), which PostgreSQL
 * and DuckDB compute exactly. A constant whose whole part has more digits, or that would round to fewer significant
 * digits than it has in its first 18 decimals (below 1e-18), is still refused: rounding would change its value, not
 * its last digits. A whole part of more than 18 digits fails with 42000, as Calcite's check would if it counted trailing
 * zeros ({@code 100000000000000000000} passed it and failed with an internal error).
 */
final class LongDecimalLiterals extends SqlShuttle {
    private static final int DIGITS = DataType.MAX_DECIMAL_PRECISION;
    private static final LongDecimalLiterals INSTANCE = new LongDecimalLiterals();

    private LongDecimalLiterals() {}

    static SqlNode resolve(SqlNode parsed) {
        return parsed.accept(INSTANCE);
    }

    @Override
    public SqlNode visit(SqlLiteral literal) {
        if (literal.getTypeName() != SqlTypeName.DECIMAL) {
            return literal;
        }
        BigDecimal written = literal.getValueAs(BigDecimal.class);
        if (written.precision() <= DIGITS && written.scale() <= DIGITS) {
            return literal;
        }
        if (written.precision() - written.scale() > DIGITS && !AqueductValidator.isBigint(literal)) {
            // Calcite checks the digits without trailing zeros, so 10^20 passed and failed later as an internal error.
            throw new AqueductException(
                    ErrorCode.INVALID_QUERY, "Numeric literal '" + written.toPlainString() + "' out of range");
        }
        BigDecimal rounded = written.round(new MathContext(DIGITS, RoundingMode.HALF_EVEN));
        if (rounded.scale() < 0 || rounded.scale() > DIGITS) {
            return literal;
        }
        return SqlLiteral.createExactNumeric(rounded.toPlainString(), literal.getParserPosition());
    }
}
