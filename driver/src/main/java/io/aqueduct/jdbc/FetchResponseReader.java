package io.aqueduct.jdbc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.UnsafeByteOperations;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;

/**
 * Reads a protobuf {@code FetchResponse} with protobuf's {@link CodedInputStream} straight into the
 * rows Avatica's client reads, the values Avatica's own {@link Meta.Frame#fromProto} gives, without
 * the generated message tree in between (a {@code Row}, a {@code ColumnValue} and a {@code TypedValue}
 * object per value, then the value itself). The values go to {@link FrameValues}' primitive arrays and
 * become objects as the client reads them: a text stays bytes of the response until then (short ones
 * become one {@link String} per distinct text of the frame, {@link ShortStrings}), a decimal is read
 * from its ASCII digits into a scaled long.
 *
 * <p>A frame with an array value, in the layout of servers older than Calcite 1.5, or with a value
 * type Aqueduct's server never sends is read again by Avatica's own decoding.
 */
final class FetchResponseReader {
    /** The decimals whose unscaled digits fit a long for sure. */
    private static final int MAX_LONG_DIGITS = 18;

    private static final byte[] EMPTY_BYTES = new byte[0];

    private FetchResponseReader() {}

    /**
     * The response in {@code length} bytes of {@code bytes} from {@code offset}: the wrapped message of a
     * {@code FetchResponse}'s wire message. The frame's texts stay in {@code bytes}, which must not change.
     */
    static Service.FetchResponse read(byte[] bytes, int offset, int length) throws IOException {
        try {
            return readScalars(bytes, offset, length);
        } catch (UnusualFrame e) {
            return readByAvatica(
                    Responses.FetchResponse.parseFrom(UnsafeByteOperations.unsafeWrap(bytes, offset, length)));
        }
    }

    /** The response read by this class alone; an {@link UnusualFrame} for what it leaves to Avatica. */
    static Service.FetchResponse readScalars(byte[] bytes, int offset, int length) throws IOException {
        CodedInputStream input = CodedInputStream.newInstance(bytes, offset, length);
        Meta.Frame frame = null;
        boolean missingStatement = false;
        boolean missingResults = false;
        Service.RpcMetadataResponse metadata = null;
        for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Responses.FetchResponse.FRAME_FIELD_NUMBER -> {
                    int frameLength = input.readRawVarint32();
                    int limit = input.pushLimit(frameLength);
                    // A value takes 6 bytes on the wire or more, 8 to 10 for most.
                    frame = new FrameReader(bytes, offset, frameLength / 8).frame(input);
                    input.checkLastTagWas(0);
                    input.popLimit(limit);
                }
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

    /** Reads one frame's values into {@link FrameValues}. */
    private static final class FrameReader {
        private final byte[] bytes;
        /** Where the input's first byte is in {@link #bytes}. */
        private final int offset;

        private final FrameValues values;
        private final ShortStrings shortStrings;

        FrameReader(byte[] bytes, int offset, int expectedValues) {
            this.bytes = bytes;
            this.offset = offset;
            this.values = new FrameValues(bytes, expectedValues);
            this.shortStrings = new ShortStrings(bytes);
        }

        Meta.Frame frame(CodedInputStream input) throws IOException {
            long frameOffset = 0;
            boolean done = false;
            for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case Common.Frame.OFFSET_FIELD_NUMBER -> frameOffset = input.readUInt64();
                    case Common.Frame.DONE_FIELD_NUMBER -> done = input.readBool();
                    case Common.Frame.ROWS_FIELD_NUMBER -> nested(input, this::row);
                    default -> input.skipField(tag);
                }
            }
            return new Meta.Frame(frameOffset, done, values.rows());
        }

        private Void row(CodedInputStream input) throws IOException {
            values.startRow();
            for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) != Common.Row.VALUE_FIELD_NUMBER) {
                    input.skipField(tag);
                    continue;
                }
                nested(input, this::columnValue);
            }
            values.endRow();
            return null;
        }

        /**
         * The scalar value of a column; an array or a column in the layout before Calcite 1.5 (no scalar
         * value) is an {@link UnusualFrame}.
         */
        private Void columnValue(CodedInputStream input) throws IOException {
            boolean scalar = false;
            for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER -> {
                        if (scalar) {
                            // Protobuf would keep the last; Avatica's servers never write two.
                            throw UnusualFrame.INSTANCE;
                        }
                        nested(input, this::typedValue);
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
            return null;
        }

        /** Adds what Avatica's frame decoding makes of a scalar {@code TypedValue}. */
        private Void typedValue(CodedInputStream input) throws IOException {
            int type = Common.Rep.PRIMITIVE_BOOLEAN_VALUE;
            boolean bool = false;
            long number = 0;
            double real = 0;
            int textStart = 0;
            int textLength = 0;
            byte[] binary = EMPTY_BYTES;
            for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case Common.TypedValue.TYPE_FIELD_NUMBER -> type = input.readEnum();
                    case Common.TypedValue.BOOL_VALUE_FIELD_NUMBER -> bool = input.readBool();
                    case Common.TypedValue.STRING_VALUE_FIELD_NUMBER -> {
                        textLength = input.readRawVarint32();
                        textStart = offset + input.getTotalBytesRead();
                        input.skipRawBytes(textLength);
                    }
                    case Common.TypedValue.BYTES_VALUE_FIELD_NUMBER -> binary = input.readByteArray();
                    case Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER -> number = input.readSInt64();
                    case Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER -> real = input.readDouble();
                    // Avatica's decoding goes by the type alone; a null is of type NULL.
                    case Common.TypedValue.NULL_FIELD_NUMBER -> input.readBool();
                    default -> throw UnusualFrame.INSTANCE;
                }
            }
            switch (type) {
                case Common.Rep.NULL_VALUE -> values.add(FrameValues.NULL, 0);
                case Common.Rep.BOOLEAN_VALUE, Common.Rep.PRIMITIVE_BOOLEAN_VALUE ->
                    values.add(FrameValues.BOOLEAN, bool ? 1 : 0);
                case Common.Rep.INTEGER_VALUE,
                        Common.Rep.PRIMITIVE_INT_VALUE,
                        Common.Rep.JAVA_SQL_DATE_VALUE,
                        Common.Rep.JAVA_SQL_TIME_VALUE -> values.add(FrameValues.INT, (int) number);
                case Common.Rep.LONG_VALUE,
                        Common.Rep.PRIMITIVE_LONG_VALUE,
                        Common.Rep.NUMBER_VALUE,
                        Common.Rep.JAVA_SQL_TIMESTAMP_VALUE,
                        Common.Rep.JAVA_UTIL_DATE_VALUE -> values.add(FrameValues.LONG, number);
                case Common.Rep.SHORT_VALUE, Common.Rep.PRIMITIVE_SHORT_VALUE ->
                    values.add(FrameValues.SHORT, (short) number);
                case Common.Rep.BYTE_VALUE, Common.Rep.PRIMITIVE_BYTE_VALUE ->
                    values.add(FrameValues.BYTE, (byte) number);
                case Common.Rep.FLOAT_VALUE, Common.Rep.PRIMITIVE_FLOAT_VALUE ->
                    values.add(FrameValues.FLOAT, (int) number);
                case Common.Rep.DOUBLE_VALUE, Common.Rep.PRIMITIVE_DOUBLE_VALUE ->
                    values.add(FrameValues.DOUBLE, Double.doubleToRawLongBits(real));
                case Common.Rep.STRING_VALUE -> {
                    if (textLength <= ShortStrings.MAX_BYTES) {
                        values.addObject(shortStrings.of(textStart, textLength));
                    } else {
                        values.addText(textStart, textLength);
                    }
                }
                // A number here is the layout before CALCITE-1103.
                case Common.Rep.BIG_DECIMAL_VALUE -> {
                    if (number != 0) {
                        throw UnusualFrame.INSTANCE;
                    }
                    decimal(bytes, textStart, textLength, values);
                }
                // Frames carry raw bytes, which Avatica's frame decoding keeps as they are.
                case Common.Rep.BYTE_STRING_VALUE -> values.addObject(binary);
                default -> throw UnusualFrame.INSTANCE;
            }
            return null;
        }
    }

    /**
     * Adds the decimal whose ASCII text is at {@code start}, as {@link BigDecimal#BigDecimal(String)} reads
     * it: plain digits with an optional sign and point as a scaled long, anything else (an exponent, more
     * digits) as a {@link BigDecimal}.
     */
    static void decimal(byte[] text, int start, int length, FrameValues values) {
        int end = start + length;
        int first = length > 0 && text[start] == '-' ? start + 1 : start;
        long unscaled = 0;
        int digits = 0;
        int scale = 0;
        boolean point = false;
        for (int i = first; i < end; i++) {
            byte c = text[i];
            if (c == '.' && !point) {
                point = true;
            } else if (c >= '0' && c <= '9' && digits < MAX_LONG_DIGITS) {
                unscaled = unscaled * 10 + (c - '0');
                digits++;
                scale += point ? 1 : 0;
            } else {
                values.addObject(new BigDecimal(new String(text, start, length, StandardCharsets.US_ASCII)));
                return;
            }
        }
        if (digits == 0) {
            values.addObject(new BigDecimal(new String(text, start, length, StandardCharsets.US_ASCII)));
            return;
        }
        values.addDecimal(first > start ? -unscaled : unscaled, (byte) scale);
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
