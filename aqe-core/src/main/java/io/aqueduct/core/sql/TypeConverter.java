package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;

/** Maps between Calcite's SQL types and the engine's {@link DataType}s. */
final class TypeConverter {
    private TypeConverter() {}

    static DataType toDataType(RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case BOOLEAN -> DataType.BOOLEAN;
            case TINYINT, SMALLINT, INTEGER -> DataType.INTEGER;
            case BIGINT -> DataType.BIGINT;
            case REAL, FLOAT, DOUBLE -> DataType.DOUBLE;
            case DECIMAL -> {
                if (type.getPrecision() > DataType.MAX_DECIMAL_PRECISION) {
                    throw new AqueductException(
                            ErrorCode.NOT_SUPPORTED,
                            "DECIMAL precision above " + DataType.MAX_DECIMAL_PRECISION + " is not supported: " + type);
                }
                yield DataType.decimal(type.getPrecision(), type.getScale());
            }
            case DATE -> DataType.DATE;
            case CHAR, VARCHAR -> DataType.VARCHAR;
            case NULL -> DataType.NULL;
            default ->
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED, "Type " + type.getFullTypeString() + " is not supported");
        };
    }

    static RowType toRowType(RelDataType rowType) {
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (RelDataTypeField field : rowType.getFieldList()) {
            names.add(field.getName());
            types.add(toDataType(field.getType()));
        }
        return new RowType(names, types);
    }

    static RelDataType toRelDataType(DataType type, RelDataTypeFactory typeFactory) {
        RelDataType relType =
                switch (type.kind()) {
                    case BOOLEAN -> typeFactory.createSqlType(SqlTypeName.BOOLEAN);
                    case INTEGER -> typeFactory.createSqlType(SqlTypeName.INTEGER);
                    case BIGINT -> typeFactory.createSqlType(SqlTypeName.BIGINT);
                    case DOUBLE -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
                    case DECIMAL -> typeFactory.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
                    case DATE -> typeFactory.createSqlType(SqlTypeName.DATE);
                    case VARCHAR -> typeFactory.createSqlType(SqlTypeName.VARCHAR);
                    case NULL -> typeFactory.createSqlType(SqlTypeName.NULL);
                };
        return typeFactory.createTypeWithNullability(relType, true);
    }

    static RelDataType toRelDataType(RowType rowType, RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (int i = 0; i < rowType.size(); i++) {
            builder.add(rowType.names().get(i), toRelDataType(rowType.type(i), typeFactory));
        }
        return builder.build();
    }
}
