package io.aqueduct.core.sql;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.SqlRexConvertlet;

/**
 * Converts a cast of an unbounded string to {@code VARCHAR(n)} or {@code CHAR(n)} as the cast of its first
 * n characters. Calcite takes an unbounded VARCHAR's length as -1, so it deems
 * such a cast lossless and merges it into a cast around it: {@code CAST(CAST(n_name AS VARCHAR(3)) AS VARCHAR(10))}
 * became {@code CAST(n_name AS VARCHAR(10))}, the whole name. The substring survives that merging.
 */
final class TruncatingCasts {
    private TruncatingCasts() {}

    /** {@code standard}, converting casts to a bounded string of an unbounded one as the cast of a substring. */
    static SqlRexConvertlet around(SqlRexConvertlet standard) {
        return (context, cast) -> truncated(standard.convertCall(context, cast), context.getRexBuilder());
    }

    private static RexNode truncated(RexNode converted, RexBuilder rexBuilder) {
        if (!(converted instanceof RexCall cast) || cast.getKind() != SqlKind.CAST) {
            return converted;
        }
        RelDataType target = cast.getType();
        RexNode operand = cast.getOperands().get(0);
        if (!SqlTypeUtil.inCharFamily(target)
                || target.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED
                || !SqlTypeUtil.inCharFamily(operand.getType())
                || operand.getType().getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED) {
            return converted;
        }
        // Typed with the length it guarantees, so that translating the cast does not cut the characters again.
        RexNode firstCharacters = rexBuilder.makeCall(
                atMost(target.getPrecision(), operand.getType(), rexBuilder.getTypeFactory()),
                SqlStdOperatorTable.SUBSTRING,
                List.of(
                        operand,
                        rexBuilder.makeExactLiteral(BigDecimal.ONE),
                        rexBuilder.makeExactLiteral(BigDecimal.valueOf(target.getPrecision()))));
        return cast.clone(target, List.of(firstCharacters));
    }

    /** {@code VARCHAR(length)} in the charset, collation and nullability of {@code text}. */
    private static RelDataType atMost(int length, RelDataType text, RelDataTypeFactory typeFactory) {
        RelDataType varchar = typeFactory.createTypeWithCharsetAndCollation(
                typeFactory.createSqlType(SqlTypeName.VARCHAR, length), text.getCharset(), text.getCollation());
        return typeFactory.createTypeWithNullability(varchar, text.isNullable());
    }
}
