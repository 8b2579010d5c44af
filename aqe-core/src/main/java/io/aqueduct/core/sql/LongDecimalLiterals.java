package io.aqueduct.core.sql;

import io.aqueduct.core.type.DataType;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * A decimal constant with more digits than a DECIMAL holds ({@link DataType#MAX_DECIMAL_PRECISION}), as BI tools write
 * a double's shortest text ({@code 100.33333333333333331}), is rounded to that many significant digits, half to even;
 * one whose digits would then reach past the largest scale (a constant below 1e-18 or above 1e18) is a DOUBLE. Calcite
 * refused both with "Numeric literal out of range" (42000); PostgreSQL computes them exactly, DuckDB as DECIMAL(38) and
 * then as DOUBLE.
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
        BigDecimal rounded = written.round(new MathContext(DIGITS, RoundingMode.HALF_EVEN));
        if (rounded.scale() >= 0 && rounded.scale() <= DIGITS) {
            return SqlLiteral.createExactNumeric(rounded.toPlainString(), literal.getParserPosition());
        }
        return SqlLiteral.createApproxNumeric(written.stripTrailingZeros().toString(), literal.getParserPosition());
    }
}
