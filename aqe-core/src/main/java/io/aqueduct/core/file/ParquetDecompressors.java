package io.aqueduct.core.file;

import com.github.luben.zstd.Zstd;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page decompression with the codec libraries themselves (snappy-java, zstd-jni, the JDK's gzip):
 * parquet-hadoop's own factory would build a Hadoop configuration, and with it most of Hadoop, for
 * every codec it creates. Reading only: no compressors.
 */
final class ParquetDecompressors implements CompressionCodecFactory {
    static final ParquetDecompressors INSTANCE = new ParquetDecompressors();

    private ParquetDecompressors() {}

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        throw new UnsupportedOperationException("The file catalog only reads Parquet");
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return switch (codec) {
            case UNCOMPRESSED -> new Decompressor(codec, (bytes, size) -> bytes);
            case SNAPPY -> new Decompressor(codec, (bytes, size) -> Snappy.uncompress(bytes));
            case ZSTD -> new Decompressor(codec, (bytes, size) -> Zstd.decompress(bytes, size));
            case GZIP -> new Decompressor(codec, ParquetDecompressors::gunzip);
            default ->
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED,
                        "Parquet compression " + codec + " is not supported (use SNAPPY, ZSTD or GZIP)");
        };
    }

    @Override
    public void release() {}

    private static byte[] gunzip(byte[] bytes, int size) throws IOException {
        try (InputStream input = new GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
            return input.readNBytes(size);
        }
    }

    /** Decompresses a whole page held in a byte array. */
    @FunctionalInterface
    private interface Codec {
        byte[] decompress(byte[] compressed, int uncompressedSize) throws IOException;
    }

    private record Decompressor(CompressionCodecName name, Codec codec) implements BytesInputDecompressor {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            return BytesInput.from(checked(codec.decompress(bytes.toByteArray(), uncompressedSize), uncompressedSize));
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            byte[] compressed = new byte[compressedSize];
            input.get(compressed);
            output.put(checked(codec.decompress(compressed, uncompressedSize), uncompressedSize));
        }

        private byte[] checked(byte[] page, int uncompressedSize) throws IOException {
            if (page.length != uncompressedSize) {
                throw new IOException(
                        "%s page decompressed to %d bytes, expected %d".formatted(name, page.length, uncompressedSize));
            }
            return page;
        }

        @Override
        public void release() {}
    }
}
