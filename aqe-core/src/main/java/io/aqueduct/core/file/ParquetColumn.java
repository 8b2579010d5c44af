package io.aqueduct.core.file;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import java.util.Optional;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A top-level Parquet column and its engine type. A column the engine cannot hold yet (nested,
 * repeated, timestamps, binary without a string annotation, decimals wider than 18 digits) is kept
 * with {@link #unsupported} set: the table stays readable, and reading that column fails with the
 * reason.
 */
record ParquetColumn(String name, Type parquetType, DataType type, Optional<String> unsupported) {
    static ParquetColumn of(Type field) {
        String name = field.getName().toLowerCase(java.util.Locale.ROOT);
        if (!field.isPrimitive() || field.isRepetition(Type.Repetition.REPEATED)) {
            return unsupported(name, field, "nested or repeated column " + field);
        }
        PrimitiveType primitive = field.asPrimitiveType();
        LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
        return switch (primitive.getPrimitiveTypeName()) {
            case BOOLEAN -> supported(name, field, DataType.BOOLEAN);
            case INT32 -> {
                if (logical == null || logical instanceof IntLogicalTypeAnnotation integer && integer.isSigned()) {
                    yield supported(name, field, DataType.INTEGER);
                }
                if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                    yield supported(name, field, DataType.DATE);
                }
                yield decimalOrUnsupported(name, field, logical);
            }
            case INT64 -> {
                if (logical == null || logical instanceof IntLogicalTypeAnnotation integer && integer.isSigned()) {
                    yield supported(name, field, DataType.BIGINT);
                }
                yield decimalOrUnsupported(name, field, logical);
            }
            case FLOAT, DOUBLE -> supported(name, field, DataType.DOUBLE);
            case BINARY -> {
                if (logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
                    yield supported(name, field, DataType.VARCHAR);
                }
                yield decimalOrUnsupported(name, field, logical);
            }
            case FIXED_LEN_BYTE_ARRAY -> decimalOrUnsupported(name, field, logical);
            case INT96 -> unsupported(name, field, "INT96 timestamps");
        };
    }

    /** Fails with the reason when this column cannot be read. */
    void checkSupported(String file) {
        unsupported.ifPresent(reason -> {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    "Column %s of %s has a Parquet type Aqueduct does not read: %s".formatted(name, file, reason));
        });
    }

    private static ParquetColumn decimalOrUnsupported(String name, Type field, LogicalTypeAnnotation logical) {
        if (logical instanceof DecimalLogicalTypeAnnotation decimal) {
            if (decimal.getPrecision() <= DataType.MAX_DECIMAL_PRECISION) {
                return supported(name, field, DataType.decimal(decimal.getPrecision(), decimal.getScale()));
            }
            return unsupported(
                    name,
                    field,
                    "DECIMAL(%d,%d) is wider than %d digits"
                            .formatted(decimal.getPrecision(), decimal.getScale(), DataType.MAX_DECIMAL_PRECISION));
        }
        return unsupported(name, field, field.toString());
    }

    private static ParquetColumn supported(String name, Type field, DataType type) {
        return new ParquetColumn(name, field, type, Optional.empty());
    }

    /** Listed as VARCHAR so that the table's other columns stay queryable. */
    private static ParquetColumn unsupported(String name, Type field, String reason) {
        return new ParquetColumn(name, field, DataType.VARCHAR, Optional.of(reason));
    }
}
