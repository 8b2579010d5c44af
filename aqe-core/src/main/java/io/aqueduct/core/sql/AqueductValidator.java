package io.aqueduct.core.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Calcite's validator, with a {@code ?} whose type its context does not give ({@code SELECT ?}, {@code UPPER(?)},
 * {@code COALESCE(?, name)}) typed VARCHAR, as PostgreSQL types an unknown parameter text; Calcite refuses such a
 * statement ("Illegal use of dynamic parameter"). A value bound to it reads as text, which the statement casts where it
 * needs another type.
 */
final class AqueductValidator extends SqlValidatorImpl {
    AqueductValidator(
            SqlOperatorTable operators,
            SqlValidatorCatalogReader catalogReader,
            RelDataTypeFactory typeFactory,
            Config config) {
        super(operators, catalogReader, typeFactory, config);
    }

    @Override
    protected void inferUnknownTypes(RelDataType inferredType, SqlValidatorScope scope, SqlNode node) {
        if (node instanceof SqlDynamicParam && inferredType.equals(unknownType)) {
            RelDataType text =
                    typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.VARCHAR), true);
            super.inferUnknownTypes(text, scope, node);
            return;
        }
        super.inferUnknownTypes(inferredType, scope, node);
    }
}
