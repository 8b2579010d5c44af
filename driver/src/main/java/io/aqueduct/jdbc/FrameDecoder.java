package io.aqueduct.jdbc;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Turns a protobuf frame into the Java values Avatica's {@link Meta.Frame#fromProto} gives, with a
 * switch on each value's type instead of the reflective field lookups Avatica makes for every value.
 * A frame with an array column or in the layout of servers older than Calcite 1.5 goes to Avatica's own
 * decoding, and so do value types that Aqueduct's server never sends.
 */
final class FrameDecoder {
    private FrameDecoder() {}

    static Meta.Frame decode(Common.Frame proto) {
        List<Object> rows = new ArrayList<>(proto.getRowsCount());
        for (Common.Row row : proto.getRowsList()) {
            Object[] values = new Object[row.getValueCount()];
            for (int column = 0; column < values.length; column++) {
                Common.ColumnValue value = row.getValue(column);
                if (value.getHasArrayValue() || !value.hasScalarValue()) {
                    return Meta.Frame.fromProto(proto);
                }
                values[column] = scalar(value.getScalarValue());
            }
            rows.add(Arrays.asList(values));
        }
        return new Meta.Frame(proto.getOffset(), proto.getDone(), rows);
    }

    /** What Avatica's frame decoding makes of {@code value}. */
    static Object scalar(Common.TypedValue value) {
        return switch (value.getType()) {
            case NULL -> null;
            case BOOLEAN, PRIMITIVE_BOOLEAN -> value.getBoolValue();
            case INTEGER, PRIMITIVE_INT -> (int) value.getNumberValue();
            case LONG, PRIMITIVE_LONG -> value.getNumberValue();
            case DOUBLE, PRIMITIVE_DOUBLE -> value.getDoubleValue();
            case STRING -> value.getStringValue();
            // A number here is the layout before CALCITE-1103, which Avatica still reads.
            case BIG_DECIMAL ->
                value.getNumberValue() == 0
                        ? new BigDecimal(value.getStringValue())
                        : TypedValue.fromProto(value).value;
            // Frames carry raw bytes; Avatica's TypedValue would turn them into Base64.
            case BYTE_STRING -> value.getBytesValue().toByteArray();
            default -> TypedValue.fromProto(value).value;
        };
    }
}
