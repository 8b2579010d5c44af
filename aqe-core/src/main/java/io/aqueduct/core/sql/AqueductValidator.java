package io.aqueduct.core.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SelectScope;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's validator, with a {@code ?} whose type its context does not give ({@code SELECT ?}, {@code UPPER(?)},
 * {@code COALESCE(?, name)}) typed VARCHAR, as PostgreSQL types an unknown parameter text; Calcite refuses such a
 * statement ("Illegal use of dynamic parameter"). A value bound to it reads as text, which the statement casts where it
 * needs another type. A {@code ?} among a function's operands takes the type its signature asks for there, and one in
 * interval arithmetic a datetime or a multiplier ({@link ParameterOperandTypes}).
 */
final class AqueductValidator extends SqlValidatorImpl {
    AqueductValidator(
            SqlOperatorTable operators,
            SqlValidatorCatalogReader catalogReader,
            RelDataTypeFactory typeFactory,
            Config config) {
        super(operators, catalogReader, typeFactory, config);
    }

    /** A WHERE clause may name a USING column without a table ({@link UsingColumns}), and so may HAVING. */
    @Override
    protected void validateWhereClause(SqlSelect select) {
        if (select.getWhere() != null) {
            select.setWhere(withUsingColumns(select.getWhere(), select));
        }
        super.validateWhereClause(select);
    }

    @Override
    protected void validateHavingClause(SqlSelect select) {
        if (select.getHaving() != null) {
            select.setHaving(withUsingColumns(select.getHaving(), select));
        }
        super.validateHavingClause(select);
    }

    /** {@code node} with the USING columns of {@code select}'s joins it names expanded as in the select list. */
    private SqlNode withUsingColumns(SqlNode node, SqlSelect select) {
        SelectScope scope = getRawSelectScope(select);
        if (scope == null) {
            return node;
        }
        return UsingColumns.expandedIn(node, select, column -> expandSelectExpr(column, scope, select, Map.of()));
    }

    /**
     * So may GROUP BY: expanded here as in the select list, it is not taken for the select list's alias of the same
     * name, whose expression Calcite qualifies with one table only ("Expression 'a.k' is not being grouped").
     */
    @Override
    protected void validateGroupClause(SqlSelect select) {
        if (select.getGroup() != null) {
            select.setGroupBy((SqlNodeList) withUsingColumns(select.getGroup(), select));
        }
        super.validateGroupClause(select);
    }

    /**
     * And so may an expression of the select list over one ({@code k + 1}), which Calcite qualified with one table
     * (and then found it not grouped by {@code GROUP BY k + 1}); a selected name alone Calcite expands itself.
     */
    @Override
    protected RelDataType validateSelectList(SqlNodeList selectItems, SqlSelect select, RelDataType targetRowType) {
        for (int i = 0; i < selectItems.size(); i++) {
            SqlNode item = selectItems.get(i);
            SqlNode expression = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
            if (expression instanceof SqlIdentifier) {
                continue;
            }
            SqlNode expanded = withUsingColumns(expression, select);
            if (expanded != expression) {
                selectItems.set(i, item == expression ? expanded : withOperand((SqlCall) item, expanded));
            }
        }
        return super.validateSelectList(selectItems, select, targetRowType);
    }

    private static SqlNode withOperand(SqlCall alias, SqlNode expression) {
        alias.setOperand(0, expression);
        return alias;
    }

    /** Set while a call's operand types are checked against its signature without Calcite's implicit casts. */
    private boolean checkingSignature;

    @Override
    public Config config() {
        return checkingSignature ? super.config().withTypeCoercionEnabled(false) : super.config();
    }

    /**
     * An integer literal that fits a BIGINT is one ({@code 9223372036854775807}), as in PostgreSQL: Calcite holds every
     * exact literal to the DECIMAL precision, which is 18 digits here.
     */
    @Override
    public void validateLiteral(SqlLiteral literal) {
        if (!isBigint(literal)) {
            super.validateLiteral(literal);
        }
    }

    /** Whether {@code literal} is an integer a BIGINT holds, which the validator takes as one. */
    static boolean isBigint(SqlLiteral literal) {
        if (!(literal instanceof SqlNumericLiteral numeric) || !numeric.isInteger()) {
            return false;
        }
        BigDecimal value = numeric.getValueAs(BigDecimal.class);
        return value.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0
                && value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0;
    }

    @Override
    protected void inferUnknownTypes(RelDataType inferredType, SqlValidatorScope scope, SqlNode node) {
        if (node instanceof SqlDynamicParam && inferredType.equals(unknownType)) {
            super.inferUnknownTypes(text(), scope, node);
            return;
        }
        if (node instanceof SqlBasicCall call) {
            // Calcite derives the operands' types to infer the call's ({@code n % ? = 0}): type their own ?s first.
            for (SqlNode operand : call.getOperandList()) {
                if (operand instanceof SqlBasicCall inner && ParameterOperandTypes.typesParametersOf(inner)) {
                    inferUnknownTypes(unknownType, scope, inner);
                }
            }
            if (ParameterOperandTypes.typesParametersOf(call)) {
                List<@Nullable RelDataType> known = new ArrayList<>();
                for (SqlNode operand : call.getOperandList()) {
                    known.add(operand instanceof SqlDynamicParam ? null : knownType(scope, operand));
                }
                Optional<@Nullable RelDataType[]> types =
                        new ParameterOperandTypes(typeFactory).operandTypes(call, known);
                if (types.isPresent()) {
                    inferOperandTypes(call, types.get(), scope);
                    return;
                }
            }
        }
        super.inferUnknownTypes(inferredType, scope, node);
    }

    /**
     * Infers a call's operands as Calcite would, with the given types for its {@code ?}s (VARCHAR where none is given).
     * Where the call's signature refuses them, each {@code ?} in turn takes the first of
     * {@link ParameterOperandTypes#CANDIDATES} it accepts ({@code ROUND(x, ?)} wants an INTEGER, not any number).
     */
    private void inferOperandTypes(SqlBasicCall call, @Nullable RelDataType[] types, SqlValidatorScope scope) {
        List<SqlNode> operands = call.getOperandList();
        List<Integer> parameters = new ArrayList<>();
        for (int i = 0; i < operands.size(); i++) {
            if (operands.get(i) instanceof SqlDynamicParam parameter) {
                parameters.add(i);
                types[i] = nullable(types[i] == null ? text() : types[i]);
                setValidatedNodeType(parameter, types[i]);
            }
        }
        if (call.getOperator().getOperandTypeChecker() != null && !signatureAccepts(call, scope)) {
            for (int i : parameters) {
                types[i] = firstAccepted(call, i, types[i], scope);
            }
        }
        for (int i = 0; i < operands.size(); i++) {
            if (operands.get(i) != null) {
                RelDataType type = types[i];
                inferUnknownTypes(type == null ? unknownType : type, scope, operands.get(i));
            }
        }
    }

    private RelDataType firstAccepted(SqlBasicCall call, int operand, RelDataType given, SqlValidatorScope scope) {
        SqlDynamicParam parameter = (SqlDynamicParam) call.operand(operand);
        for (SqlTypeName candidate : ParameterOperandTypes.CANDIDATES) {
            RelDataType type = nullable(typeFactory.createSqlType(candidate));
            setValidatedNodeType(parameter, type);
            if (signatureAccepts(call, scope)) {
                return type;
            }
        }
        setValidatedNodeType(parameter, given);
        return given;
    }

    private boolean signatureAccepts(SqlBasicCall call, SqlValidatorScope scope) {
        checkingSignature = true;
        try {
            return call.getOperator().checkOperandTypes(new SqlCallBinding(this, scope, call), false);
        } catch (RuntimeException refused) {
            return false;
        } finally {
            checkingSignature = false;
        }
    }

    private RelDataType text() {
        return nullable(typeFactory.createSqlType(SqlTypeName.VARCHAR));
    }

    private RelDataType nullable(RelDataType type) {
        return typeFactory.createTypeWithNullability(type, true);
    }

    /** The operand's type, or null where it has a {@code ?} whose type is not inferred yet. */
    private @Nullable RelDataType knownType(SqlValidatorScope scope, SqlNode operand) {
        try {
            RelDataType type = deriveType(scope, operand);
            return type.equals(unknownType) ? null : type;
        } catch (CalciteContextException unknownYet) {
            return null;
        }
    }
}
