package io.aqueduct.jdbc;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;

/**
 * Reads a protobuf {@code FetchResponse} with protobuf's {@link CodedInputStream} straight into the
 * rows Avatica's client reads, the values Avatica's own {@link Meta.Frame#fromProto} gives, without
 * the generated message tree in between (a {@code Row}, a {@code ColumnValue} and a {@code TypedValue}
 * object per value, then the value itself), which cost most of a fetch's client time. Texts become
 * {@link String}s once, decimals are read from their ASCII digits without an intermediate String.
 *
 * <p>A frame with an array value, in the layout of servers older than Calcite 1.5, or with a value
 * type Aqueduct's server never sends is read again by Avatica's own decoding.
 */
final class FetchResponseReader {
    /** The decimals whose unscaled digits fit a long for sure. */
    private static final int MAX_LONG_DIGITS = 18;

    private static final byte[] EMPTY_BYTES = new byte[0];

    private FetchResponseReader() {}

    /** The response in {@code message}, the wrapped message of a {@code FetchResponse}'s wire message. */
    static Service.FetchResponse read(ByteString message) throws IOException {
        try {
            return readScalars(message);
        } catch (UnusualFrame e) {
            return readByAvatica(Responses.FetchResponse.parseFrom(message));
        }
    }

    /** The response read by this class alone; an {@link UnusualFrame} for what it leaves to Avatica. */
    static Service.FetchResponse readScalars(ByteString message) throws IOException {
        CodedInputStream input = message.newCodedInput();
        Meta.Frame frame = null;
        boolean missingStatement = false;
        boolean missingResults = false;
        Service.RpcMetadataResponse metadata = null;
        for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Responses.FetchResponse.FRAME_FIELD_NUMBER -> frame = nested(input, FetchResponseReader::frame);
                case Responses.FetchResponse.MISSING_STATEMENT_FIELD_NUMBER -> missingStatement = input.readBool();
                case Responses.FetchResponse.MISSING_RESULTS_FIELD_NUMBER -> missingResults = input.readBool();
                case Responses.FetchResponse.METADATA_FIELD_NUMBER ->
                    metadata = metadata(Responses.RpcMetadata.parseFrom(input.readBytes()));
                default -> input.skipField(tag);
            }
        }
        return new Service.FetchResponse(
                frame == null ? new Meta.Frame(0, false, List.of()) : frame,
                missingStatement,
                missingResults,
                metadata);
    }

    private static Service.FetchResponse readByAvatica(Responses.FetchResponse fetch) {
        return new Service.FetchResponse(
                Meta.Frame.fromProto(fetch.getFrame()),
                fetch.getMissingStatement(),
                fetch.getMissingResults(),
                fetch.hasMetadata() ? metadata(fetch.getMetadata()) : null);
    }

    private static Service.RpcMetadataResponse metadata(Responses.RpcMetadata metadata) {
        String serverAddress = metadata.getServerAddress();
        return new Service.RpcMetadataResponse(serverAddress.isEmpty() ? null : serverAddress);
    }

    private static Meta.Frame frame(CodedInputStream input) throws IOException {
        long offset = 0;
        boolean done = false;
        List<Object> rows = new ArrayList<>();
        for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Common.Frame.OFFSET_FIELD_NUMBER -> offset = input.readUInt64();
                case Common.Frame.DONE_FIELD_NUMBER -> done = input.readBool();
                case Common.Frame.ROWS_FIELD_NUMBER -> rows.add(nested(input, FetchResponseReader::row));
                default -> input.skipField(tag);
            }
        }
        return new Meta.Frame(offset, done, rows);
    }

    private static List<Object> row(CodedInputStream input) throws IOException {
        Object[] values = new Object[16];
        int count = 0;
        for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) != Common.Row.VALUE_FIELD_NUMBER) {
                input.skipField(tag);
                continue;
            }
            if (count == values.length) {
                values = Arrays.copyOf(values, count * 2);
            }
            values[count++] = nested(input, FetchResponseReader::columnValue);
        }
        return Arrays.asList(count == values.length ? values : Arrays.copyOf(values, count));
    }

    /**
     * The scalar value of a column; an array or a column in the layout before Calcite 1.5 (no scalar
     * value) is an {@link UnusualFrame}.
     */
    private static Object columnValue(CodedInputStream input) throws IOException {
        Object value = null;
        boolean scalar = false;
        for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER -> {
                    value = nested(input, FetchResponseReader::typedValue);
                    scalar = true;
                }
                // The deprecated copy that Avatica's own servers still write next to the scalar value.
                case Common.ColumnValue.VALUE_FIELD_NUMBER -> input.skipField(tag);
                // An array.
                default -> throw UnusualFrame.INSTANCE;
            }
        }
        if (!scalar) {
            throw UnusualFrame.INSTANCE;
        }
        return value;
    }

    /** What Avatica's frame decoding makes of a scalar {@code TypedValue}. */
    private static Object typedValue(CodedInputStream input) throws IOException {
        int type = Common.Rep.PRIMITIVE_BOOLEAN_VALUE;
        boolean bool = false;
        long number = 0;
        double real = 0;
        String text = "";
        byte[] bytes = EMPTY_BYTES;
        for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Common.TypedValue.TYPE_FIELD_NUMBER -> type = input.readEnum();
                case Common.TypedValue.BOOL_VALUE_FIELD_NUMBER -> bool = input.readBool();
                case Common.TypedValue.STRING_VALUE_FIELD_NUMBER -> text = input.readString();
                case Common.TypedValue.BYTES_VALUE_FIELD_NUMBER -> bytes = input.readByteArray();
                case Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER -> number = input.readSInt64();
                case Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER -> real = input.readDouble();
                // Avatica's decoding goes by the type alone; a null is of type NULL.
                case Common.TypedValue.NULL_FIELD_NUMBER -> input.readBool();
                default -> throw UnusualFrame.INSTANCE;
            }
        }
        return switch (type) {
            case Common.Rep.NULL_VALUE -> null;
            case Common.Rep.BOOLEAN_VALUE, Common.Rep.PRIMITIVE_BOOLEAN_VALUE -> bool;
            case Common.Rep.INTEGER_VALUE, Common.Rep.PRIMITIVE_INT_VALUE -> (int) number;
            case Common.Rep.LONG_VALUE,
                    Common.Rep.PRIMITIVE_LONG_VALUE,
                    Common.Rep.NUMBER_VALUE,
                    Common.Rep.JAVA_SQL_TIMESTAMP_VALUE,
                    Common.Rep.JAVA_UTIL_DATE_VALUE -> number;
            case Common.Rep.JAVA_SQL_DATE_VALUE, Common.Rep.JAVA_SQL_TIME_VALUE -> (int) number;
            case Common.Rep.SHORT_VALUE, Common.Rep.PRIMITIVE_SHORT_VALUE -> (short) number;
            case Common.Rep.BYTE_VALUE, Common.Rep.PRIMITIVE_BYTE_VALUE -> (byte) number;
            case Common.Rep.FLOAT_VALUE, Common.Rep.PRIMITIVE_FLOAT_VALUE -> Float.intBitsToFloat((int) number);
            case Common.Rep.DOUBLE_VALUE, Common.Rep.PRIMITIVE_DOUBLE_VALUE -> real;
            case Common.Rep.STRING_VALUE -> text;
            // A number here is the layout before CALCITE-1103.
            case Common.Rep.BIG_DECIMAL_VALUE -> {
                if (number != 0) {
                    throw UnusualFrame.INSTANCE;
                }
                yield decimal(text);
            }
            // Frames carry raw bytes, which Avatica's frame decoding keeps as they are.
            case Common.Rep.BYTE_STRING_VALUE -> bytes;
            default -> throw UnusualFrame.INSTANCE;
        };
    }

    /**
     * The decimal written as {@link BigDecimal#toString()} writes it: plain digits with an optional sign
     * and point are read as a scaled long, anything else (an exponent, more digits) by {@link BigDecimal}.
     */
    static BigDecimal decimal(String text) {
        int length = text.length();
        int start = length > 0 && text.charAt(0) == '-' ? 1 : 0;
        long unscaled = 0;
        int digits = 0;
        int scale = 0;
        boolean point = false;
        for (int i = start; i < length; i++) {
            char c = text.charAt(i);
            if (c == '.' && !point) {
                point = true;
            } else if (c >= '0' && c <= '9' && digits < MAX_LONG_DIGITS) {
                unscaled = unscaled * 10 + (c - '0');
                digits++;
                scale += point ? 1 : 0;
            } else {
                return new BigDecimal(text);
            }
        }
        if (digits == 0) {
            return new BigDecimal(text);
        }
        return BigDecimal.valueOf(start == 1 ? -unscaled : unscaled, scale);
    }

    /** Reads one length-delimited message field with {@code reader}. */
    private static <T> T nested(CodedInputStream input, MessageReader<T> reader) throws IOException {
        int limit = input.pushLimit(input.readRawVarint32());
        T value = reader.read(input);
        input.checkLastTagWas(0);
        input.popLimit(limit);
        return value;
    }

    @FunctionalInterface
    private interface MessageReader<T> {
        T read(CodedInputStream input) throws IOException;
    }

    /** A frame this reader leaves to Avatica; thrown without a stack trace, it only turns back. */
    static final class UnusualFrame extends RuntimeException {
        static final UnusualFrame INSTANCE = new UnusualFrame();

        private UnusualFrame() {
            super(null, null, false, false);
        }
    }
}
