package io.aqueduct.core.expr;

import com.google.common.base.Throwables;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.apache.calcite.runtime.SqlFunctions;

/**
 * {@code string SIMILAR TO pattern [ESCAPE escape]}: whether the SQL regular expression matches the whole string
 * ({@code %}, {@code _}, {@code |}, {@code *}, {@code +}, {@code ?}, {@code {m,n}}, {@code ( )}, {@code [ ]}), translated
 * and cached by Calcite's runtime. A malformed pattern or escape fails with 22023.
 */
final class SimilarToMatch implements StringFunctionExpression.RowFunction {
    private final SqlFunctions.SimilarEscapeFunction matcher = new SqlFunctions.SimilarEscapeFunction();

    @Override
    public Object apply(String[] values) {
        String escape = values.length > 2 ? values[2] : "\\";
        try {
            return matcher.similar(values[0], values[1], escape);
        } catch (RuntimeException e) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT,
                    "Invalid SIMILAR TO pattern '%s': %s"
                            .formatted(values[1], Throwables.getRootCause(e).getMessage()));
        }
    }
}
