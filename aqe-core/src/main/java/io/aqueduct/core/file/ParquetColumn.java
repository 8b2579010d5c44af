package io.aqueduct.core.file;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import java.util.Optional;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A top-level Parquet column and its engine type. Timestamps (INT64 in milli-, micro- or nanoseconds, and
 * legacy INT96) are TIMESTAMPs and times of day TIMEs, both in microseconds; one adjusted to UTC is read as its UTC wall clock, since the
 * engine has no time zone type. BINARY without an annotation is VARBINARY. A column the engine cannot hold
 * yet (nested, repeated, UUID, intervals, decimals wider than 18 digits) is kept
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
                if (logical instanceof TimeLogicalTypeAnnotation) {
                    yield supported(name, field, DataType.TIME);
                }
                yield decimalOrUnsupported(name, field, logical);
            }
            case INT64 -> {
                if (logical == null || logical instanceof IntLogicalTypeAnnotation integer && integer.isSigned()) {
                    yield supported(name, field, DataType.BIGINT);
                }
                if (logical instanceof TimestampLogicalTypeAnnotation) {
                    yield supported(name, field, DataType.TIMESTAMP);
                }
                if (logical instanceof TimeLogicalTypeAnnotation) {
                    yield supported(name, field, DataType.TIME);
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
                if (logical == null) {
                    yield supported(name, field, DataType.VARBINARY);
                }
                yield decimalOrUnsupported(name, field, logical);
            }
            case FIXED_LEN_BYTE_ARRAY -> decimalOrUnsupported(name, field, logical);
            // The legacy timestamps of Impala and Spark: nanoseconds of the day and a Julian day.
            case INT96 -> supported(name, field, DataType.TIMESTAMP);
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
