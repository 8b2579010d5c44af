package io.aqueduct.core.sql;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlSubstringFunction;
import org.apache.calcite.sql.type.CompositeOperandTypeChecker;
import org.apache.calcite.sql.type.ImplicitCastOperandTypeChecker;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The type of a {@code ?} operand that Calcite's own inference leaves unknown or gets wrong: a function's operand takes
 * the type family its signature asks for there ({@code SUBSTRING(s, ?, ?)} and {@code LEFT(s, ?)} INTEGER,
 * {@code ABS(?)} a number), the type of another operand of that family where the call has one
 * ({@code n_nationkey % ?}); datetime arithmetic with an interval ({@code ? + INTERVAL '1' DAY}) makes the {@code ?}
 * a TIMESTAMP, and its multiplier ({@code ? * INTERVAL '1' DAY}) an INTEGER. Calcite types the {@code ?} of such
 * arithmetic as the interval itself, which the statement then cannot use. {@link AqueductValidator} checks these
 * types against the call's signature and tries {@link #CANDIDATES} where it refuses them.
 */
final class ParameterOperandTypes {
    /** The types a {@code ?} tries, in this order, where its first type does not fit the call's signature. */
    static final List<SqlTypeName> CANDIDATES = List.of(
            SqlTypeName.INTEGER,
            SqlTypeName.BIGINT,
            SqlTypeName.DOUBLE,
            SqlTypeName.VARCHAR,
            SqlTypeName.DATE,
            SqlTypeName.TIMESTAMP,
            SqlTypeName.BOOLEAN);

    /** JDBC binds no interval: a signature asking for one at a {@code ?} says nothing about its type. */
    private static final Set<SqlTypeFamily> INTERVALS = EnumSet.of(
            SqlTypeFamily.DATETIME_INTERVAL, SqlTypeFamily.INTERVAL_DAY_TIME, SqlTypeFamily.INTERVAL_YEAR_MONTH);

    private static final Set<SqlKind> INTERVAL_ARITHMETIC = EnumSet.of(SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES);

    private final RelDataTypeFactory typeFactory;

    ParameterOperandTypes(RelDataTypeFactory typeFactory) {
        this.typeFactory = typeFactory;
    }

    /** Whether the call has a {@code ?} operand. */
    private static boolean hasParameter(SqlCall call) {
        return call.getOperandList().stream().anyMatch(SqlDynamicParam.class::isInstance);
    }

    /** Whether this class may type the call's {@code ?}s: it has some, and Calcite would infer none or wrong ones. */
    static boolean typesParametersOf(SqlCall call) {
        return hasParameter(call)
                && (call.getOperator().getOperandTypeInference() == null
                        || INTERVAL_ARITHMETIC.contains(call.getKind()));
    }

    /**
     * The type for each operand of the call (null where this class has none to give), given the types of its operands
     * that are known (null for a {@code ?} and where Calcite could not tell yet); empty where Calcite's own inference
     * for the call stands.
     */
    Optional<@Nullable RelDataType[]> operandTypes(SqlCall call, List<@Nullable RelDataType> knownTypes) {
        boolean intervalArithmetic = isIntervalArithmetic(call, knownTypes);
        if (!intervalArithmetic && call.getOperator().getOperandTypeInference() != null) {
            return Optional.empty();
        }
        List<SqlNode> operands = call.getOperandList();
        @Nullable RelDataType[] types = new RelDataType[operands.size()];
        for (int i = 0; i < operands.size(); i++) {
            if (operands.get(i) instanceof SqlDynamicParam) {
                types[i] = intervalArithmetic
                        ? intervalArithmeticOperand(call.getKind())
                        : byFamily(expectedFamily(call.getOperator(), i, operands.size()), i, knownTypes);
            }
        }
        return Optional.of(types);
    }

    /** {@code ? + interval}, {@code interval + ?}, {@code ? - interval} or {@code ? * interval} (either way round). */
    private static boolean isIntervalArithmetic(SqlCall call, List<@Nullable RelDataType> knownTypes) {
        if (call.operandCount() != 2 || !INTERVAL_ARITHMETIC.contains(call.getKind())) {
            return false;
        }
        for (int i = 0; i < 2; i++) {
            RelDataType other = knownTypes.get(1 - i);
            if (call.operand(i) instanceof SqlDynamicParam && other != null && SqlTypeUtil.isInterval(other)) {
                return call.getKind() != SqlKind.MINUS || i == 0;
            }
        }
        return false;
    }

    private RelDataType intervalArithmeticOperand(SqlKind kind) {
        return typeFactory.createSqlType(kind == SqlKind.TIMES ? SqlTypeName.INTEGER : SqlTypeName.TIMESTAMP);
    }

    private @Nullable RelDataType byFamily(
            @Nullable SqlTypeFamily family, int operand, List<@Nullable RelDataType> knownTypes) {
        if (family == null || family == SqlTypeFamily.ANY || INTERVALS.contains(family)) {
            return null;
        }
        for (int i = 0; i < knownTypes.size(); i++) {
            RelDataType known = knownTypes.get(i);
            if (i != operand && known != null && family.contains(known)) {
                return known;
            }
        }
        return switch (family) {
            case INTEGER -> typeFactory.createSqlType(SqlTypeName.INTEGER);
            case EXACT_NUMERIC -> typeFactory.createSqlType(SqlTypeName.BIGINT);
            case NUMERIC, APPROXIMATE_NUMERIC -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
            default -> family.getDefaultConcreteType(typeFactory);
        };
    }

    /** The family the operator's signature asks of its operand, from the first of its signatures that fits the count. */
    private static @Nullable SqlTypeFamily expectedFamily(SqlOperator operator, int operand, int operandCount) {
        if (operator instanceof SqlSubstringFunction) {
            return operand == 0 ? SqlTypeFamily.STRING : SqlTypeFamily.INTEGER;
        }
        SqlOperandTypeChecker checker = operator.getOperandTypeChecker();
        return checker == null ? null : family(checker, operand, operandCount);
    }

    private static @Nullable SqlTypeFamily family(SqlOperandTypeChecker checker, int operand, int operandCount) {
        if (!checker.getOperandCountRange().isValidCount(operandCount)) {
            return null;
        }
        if (checker instanceof CompositeOperandTypeChecker composite) {
            for (SqlOperandTypeChecker rule : composite.getRules()) {
                SqlTypeFamily family = family(rule, operand, operandCount);
                if (family != null && !INTERVALS.contains(family)) {
                    return family;
                }
            }
            return null;
        }
        if (checker instanceof ImplicitCastOperandTypeChecker families) {
            try {
                return families.getOperandSqlTypeFamily(operand);
            } catch (IndexOutOfBoundsException noSuchOperand) {
                return null;
            }
        }
        return null;
    }
}
