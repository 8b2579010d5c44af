package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The catalog browsing statements of Trino, MySQL, Spark and DuckDB, written as queries of {@code information_schema}
 * in the session's catalog and schema, so that they run, prepare and describe their columns as any query does:
 * <ul>
 *   <li>{@code SHOW CATALOGS [LIKE 'pattern']}: column {@code Catalog};
 *   <li>{@code SHOW SCHEMAS [FROM|IN catalog] [LIKE 'pattern']}: column {@code Schema};
 *   <li>{@code SHOW TABLES [FROM|IN [catalog.]schema] [LIKE 'pattern']}: column {@code Table};
 *   <li>{@code SHOW COLUMNS FROM|IN [[catalog.]schema.]table}, {@code DESCRIBE} and {@code DESC} of a table: columns
 *       {@code Column}, {@code Type} and {@code Nullable} in the table's order.
 * </ul>
 * Names are folded to lower case unless double-quoted, as the parser folds them.
 */
public final class ShowStatements {
    private static final String NAME = "(?:\"(?:[^\"]|\"\")+\"|[A-Za-z_][A-Za-z0-9_$]*)";
    private static final String QUALIFIED = "(" + NAME + "(?:\\s*\\.\\s*" + NAME + ")*)";
    private static final String LIKE = "(?:\\s+LIKE\\s+('(?:[^']|'')*'))?";
    private static final Pattern CATALOGS = statement("SHOW\\s+CATALOGS" + LIKE);
    private static final Pattern SCHEMAS = statement("SHOW\\s+SCHEMAS(?:\\s+(?:FROM|IN)\\s+" + QUALIFIED + ")?" + LIKE);
    private static final Pattern TABLES = statement("SHOW\\s+TABLES(?:\\s+(?:FROM|IN)\\s+" + QUALIFIED + ")?" + LIKE);
    private static final Pattern COLUMNS =
            statement("(?:SHOW\\s+COLUMNS\\s+(?:FROM|IN)|DESCRIBE(?:\\s+TABLE)?|DESC)\\s+" + QUALIFIED);
    private static final Pattern NAME_PART = Pattern.compile(NAME);

    private static final String INFORMATION_SCHEMA = "\"system\".\"information_schema\".";

    private ShowStatements() {}

    /**
     * A statement's query, and the name of what it lists: nothing for the catalogs, a catalog for its schemas, a
     * catalog and schema for their tables, a catalog, schema and table for its columns. The caller checks that it
     * exists, so that a misspelt name fails instead of listing nothing.
     */
    public record ShowQuery(String sql, List<String> subject) {
        public ShowQuery {
            subject = List.copyOf(subject);
        }
    }

    /** The query {@code sql} stands for if it is one of these statements, in the session's {@code catalog} and {@code schema}. */
    public static Optional<ShowQuery> parse(String sql, String catalog, String schema) {
        Matcher matcher = CATALOGS.matcher(sql);
        if (matcher.matches()) {
            return Optional.of(new ShowQuery(
                    "SELECT DISTINCT catalog_name AS \"Catalog\" FROM " + INFORMATION_SCHEMA + "schemata"
                            + like(" WHERE catalog_name", matcher.group(1)) + " ORDER BY 1",
                    List.of()));
        }
        matcher = SCHEMAS.matcher(sql);
        if (matcher.matches()) {
            List<String> names = names(matcher.group(1));
            String inCatalog = names.isEmpty() ? catalog : single(names, "catalog");
            return Optional.of(new ShowQuery(
                    "SELECT schema_name AS \"Schema\" FROM " + INFORMATION_SCHEMA + "schemata WHERE catalog_name = "
                            + text(inCatalog) + like(" AND schema_name", matcher.group(2)) + " ORDER BY 1",
                    List.of(inCatalog)));
        }
        matcher = TABLES.matcher(sql);
        if (matcher.matches()) {
            List<String> names = names(matcher.group(1));
            if (names.size() > 2) {
                throw new AqueductException(
                        ErrorCode.SYNTAX_ERROR,
                        "SHOW TABLES FROM takes a schema or catalog.schema: " + matcher.group(1));
            }
            String inCatalog = names.size() == 2 ? names.get(0) : catalog;
            String inSchema = names.isEmpty() ? schema : names.get(names.size() - 1);
            return Optional.of(new ShowQuery(
                    "SELECT table_name AS \"Table\" FROM " + INFORMATION_SCHEMA + "tables WHERE table_catalog = "
                            + text(inCatalog) + " AND table_schema = " + text(inSchema)
                            + like(" AND table_name", matcher.group(2)) + " ORDER BY 1",
                    List.of(inCatalog, inSchema)));
        }
        matcher = COLUMNS.matcher(sql);
        if (matcher.matches()) {
            List<String> names = names(matcher.group(1));
            if (names.size() > 3) {
                throw new AqueductException(ErrorCode.SYNTAX_ERROR, "Not a table name: " + matcher.group(1));
            }
            String table = names.get(names.size() - 1);
            String inSchema = names.size() >= 2 ? names.get(names.size() - 2) : schema;
            String inCatalog = names.size() == 3 ? names.get(0) : catalog;
            return Optional.of(new ShowQuery(
                    "SELECT column_name AS \"Column\", CASE WHEN data_type = 'DECIMAL' THEN 'DECIMAL('"
                            + " || CAST(numeric_precision AS VARCHAR) || ', ' || CAST(numeric_scale AS VARCHAR) || ')'"
                            + " ELSE data_type END AS \"Type\", is_nullable AS \"Nullable\" FROM " + INFORMATION_SCHEMA
                            + "columns WHERE table_catalog = " + text(inCatalog) + " AND table_schema = "
                            + text(inSchema) + " AND table_name = " + text(table) + " ORDER BY ordinal_position",
                    List.of(inCatalog, inSchema, table)));
        }
        return Optional.empty();
    }

    private static Pattern statement(String body) {
        return Pattern.compile("\\s*" + body + "\\s*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    }

    /** The parts of a dotted name, unquoted ones in lower case; none for null. */
    private static List<String> names(String qualified) {
        List<String> names = new ArrayList<>();
        if (qualified == null) {
            return names;
        }
        Matcher part = NAME_PART.matcher(qualified);
        while (part.find()) {
            String name = part.group();
            names.add(
                    name.startsWith("\"")
                            ? name.substring(1, name.length() - 1).replace("\"\"", "\"")
                            : name.toLowerCase(Locale.ROOT));
        }
        return names;
    }

    private static String single(List<String> names, String what) {
        if (names.size() != 1) {
            throw new AqueductException(
                    ErrorCode.SYNTAX_ERROR, "Expected a " + what + " name: " + String.join(".", names));
        }
        return names.get(0);
    }

    private static String like(String column, String quotedPattern) {
        return quotedPattern == null ? "" : column + " LIKE " + quotedPattern;
    }

    private static String text(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
