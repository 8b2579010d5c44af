package io.aqueduct.core.sql;

import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeFamily;
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
                // Calcite caps a written precision at the maximum but not the scale:
                // DECIMAL(20, 19) is DECIMAL(18, 19).
                if (type.getScale() > type.getPrecision()) {
                    throw new AqueductException(
                            ErrorCode.NOT_SUPPORTED,
                            "DECIMAL scale " + type.getScale() + " is not supported: a DECIMAL holds at most "
                                    + DataType.MAX_DECIMAL_PRECISION + " digits");
                }
                yield DataType.decimal(type.getPrecision(), type.getScale());
            }
            case DATE -> DataType.DATE;
            case TIMESTAMP -> DataType.TIMESTAMP;
            case TIME -> DataType.TIME;
            case CHAR, VARCHAR -> DataType.VARCHAR;
            case BINARY, VARBINARY -> DataType.VARBINARY;
            case NULL -> DataType.NULL;
            default -> {
                if (SqlTypeFamily.DATETIME_INTERVAL.contains(type)) {
                    // Inside expressions an interval is its number in Calcite's units: months or milliseconds.
                    yield DataType.BIGINT;
                }
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED, "Type " + type.getFullTypeString() + " is not supported");
            }
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
        return toRelDataType(type, true, typeFactory);
    }

    static RelDataType toRelDataType(DataType type, boolean nullable, RelDataTypeFactory typeFactory) {
        RelDataType relType =
                switch (type.kind()) {
                    case BOOLEAN -> typeFactory.createSqlType(SqlTypeName.BOOLEAN);
                    case INTEGER -> typeFactory.createSqlType(SqlTypeName.INTEGER);
                    case BIGINT -> typeFactory.createSqlType(SqlTypeName.BIGINT);
                    case DOUBLE -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
                    case DECIMAL -> typeFactory.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
                    case DATE -> typeFactory.createSqlType(SqlTypeName.DATE);
                    case TIMESTAMP -> typeFactory.createSqlType(SqlTypeName.TIMESTAMP, DataType.TIME_PRECISION);
                    case TIME -> typeFactory.createSqlType(SqlTypeName.TIME, DataType.TIME_PRECISION);
                    case VARCHAR -> typeFactory.createSqlType(SqlTypeName.VARCHAR);
                    case VARBINARY -> typeFactory.createSqlType(SqlTypeName.VARBINARY);
                    case NULL -> typeFactory.createSqlType(SqlTypeName.NULL);
                };
        return typeFactory.createTypeWithNullability(relType, nullable);
    }

    /** A table's row type: NULL only where the table says a column may hold it. */
    static RelDataType toRelDataType(TableDefinition table, RelDataTypeFactory typeFactory) {
        RowType rowType = table.columns();
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (int i = 0; i < rowType.size(); i++) {
            builder.add(rowType.names().get(i), toRelDataType(rowType.type(i), table.isNullable(i), typeFactory));
        }
        return builder.build();
    }
}
