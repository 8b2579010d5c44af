package io.aqueduct.core.file;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The type overrides of a CSV table, in {@code TABLE.schema} beside {@code TABLE.csv} (or beside the
 * table's directory): a properties file of {@code column = TYPE} lines, TYPE one of BOOLEAN, INTEGER,
 * BIGINT, DOUBLE, DECIMAL(p,s), DATE, VARCHAR. Columns it does not name keep their inferred type.
 *
 * <pre>
 * # orders.schema
 * o_orderkey = BIGINT
 * o_totalprice = DECIMAL(15,2)
 * </pre>
 */
final class CsvSchemaSidecar {
    private static final Pattern DECIMAL = Pattern.compile("DECIMAL\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)");

    private CsvSchemaSidecar() {}

    static Map<String, DataType> read(Path sidecar) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(sidecar, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new AqueductException(
                    ErrorCode.FILE_ERROR, "Cannot read schema file %s: %s".formatted(sidecar, e.getMessage()), e);
        }
        Map<String, DataType> types = new LinkedHashMap<>();
        for (String column : properties.stringPropertyNames()) {
            types.put(column.toLowerCase(Locale.ROOT), parse(sidecar, column, properties.getProperty(column)));
        }
        return types;
    }

    static DataType parse(Path sidecar, String column, String text) {
        String type = text.trim().toUpperCase(Locale.ROOT);
        Matcher decimal = DECIMAL.matcher(type);
        try {
            if (decimal.matches()) {
                return DataType.decimal(Integer.parseInt(decimal.group(1)), Integer.parseInt(decimal.group(2)));
            }
            return switch (type) {
                case "BOOLEAN" -> DataType.BOOLEAN;
                case "INTEGER", "INT" -> DataType.INTEGER;
                case "BIGINT" -> DataType.BIGINT;
                case "DOUBLE" -> DataType.DOUBLE;
                case "DATE" -> DataType.DATE;
                case "VARCHAR" -> DataType.VARCHAR;
                default -> throw new IllegalArgumentException("unknown type");
            };
        } catch (IllegalArgumentException e) {
            throw new AqueductException(
                    ErrorCode.FILE_ERROR,
                    "Schema file %s: column %s has type '%s' (%s); the types are BOOLEAN, INTEGER, BIGINT,"
                                    .formatted(sidecar, column, text, e.getMessage())
                            + " DOUBLE, DECIMAL(p,s), DATE, VARCHAR");
        }
    }
}
