package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.ddl.SqlColumnDeclaration;
import org.apache.calcite.sql.ddl.SqlCreateSchema;
import org.apache.calcite.sql.ddl.SqlCreateTable;
import org.apache.calcite.sql.ddl.SqlDropTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A statement that changes catalogs rather than reading them, as parsed by Calcite's grammar with the memory
 * catalog's DDL ({@link QueryCompiler}), names resolved against the session's catalog and schema: CREATE/DROP
 * SCHEMA, CREATE TABLE (with columns, or AS a query), DROP TABLE, INSERT. Which catalog may be written is the
 * caller's to check.
 */
public sealed interface UpdateStatement {
    /** A schema or table name with its catalog. */
    record QualifiedName(String catalog, String schema, String name) {
        @Override
        public String toString() {
            return catalog + "." + schema + (name == null ? "" : "." + name);
        }
    }

    /** A column of CREATE TABLE. */
    record Column(String name, DataType type, boolean nullable) {}

    record CreateSchema(QualifiedName schema, boolean ifNotExists) implements UpdateStatement {}

    /** {@code cascade}: drop the schema's tables with it. */
    record DropSchema(QualifiedName schema, boolean ifExists, boolean cascade) implements UpdateStatement {}

    /** CREATE TABLE with columns, or with {@code query} (CREATE TABLE AS), whose columns are the table's. */
    record CreateTable(QualifiedName table, List<Column> columns, Optional<SqlNode> query, boolean ifNotExists)
            implements UpdateStatement {}

    record DropTable(QualifiedName table, boolean ifExists) implements UpdateStatement {}

    /** INSERT INTO table [(columns)] source, where the source is a query or VALUES. */
    record Insert(QualifiedName table, Optional<List<String>> columns, SqlNode source) implements UpdateStatement {}

    /** Every statement names its catalog: the one it writes to. */
    default String catalog() {
        if (this instanceof CreateSchema create) {
            return create.schema().catalog();
        }
        if (this instanceof DropSchema drop) {
            return drop.schema().catalog();
        }
        if (this instanceof CreateTable create) {
            return create.table().catalog();
        }
        if (this instanceof DropTable drop) {
            return drop.table().catalog();
        }
        return ((Insert) this).table().catalog();
    }

    /**
     * The start of a statement that can only be a query (or EXPLAIN of one): comments, blanks and parentheses, then
     * SELECT, WITH, VALUES or EXPLAIN as a whole word.
     */
    Pattern QUERY_START = Pattern.compile(
            "(?:\\s|\\(|--[^\\n]*(?:\\n|$)|/\\*(?s:.*?)\\*/)*(?:SELECT|WITH|VALUES|EXPLAIN)\\b",
            Pattern.CASE_INSENSITIVE);

    /** The update statement {@code sql} is, if it is one; names of one or two parts take the session's catalog, schema. */
    static Optional<UpdateStatement> parse(String sql, String catalog, String schema) {
        if (QUERY_START.matcher(sql).lookingAt()) {
            // A query: parsing it here as well cost as much as a cached compile (tens of ms for a TPC-H query).
            return Optional.empty();
        }
        SqlNode node;
        try {
            node = SqlParser.create(sql, QueryCompiler.PARSER_CONFIG).parseStmt();
        } catch (SqlParseException e) {
            // Not ours to report: the statement is compiled as a query next, which reports the error.
            return Optional.empty();
        }
        if (node instanceof SqlCreateSchema create) {
            return Optional.of(new CreateSchema(schemaName(create.name, catalog), create.ifNotExists));
        }
        if (node instanceof SqlDropSchemaCascading drop) {
            return Optional.of(new DropSchema(schemaName(drop.name, catalog), drop.ifExists, drop.cascade));
        }
        if (node instanceof SqlCreateTable create) {
            List<Column> columns = create.columnList == null ? List.of() : columns(create.columnList);
            return Optional.of(new CreateTable(
                    tableName(create.name, catalog, schema),
                    columns,
                    Optional.ofNullable(create.query),
                    create.ifNotExists));
        }
        if (node instanceof SqlDropTable drop) {
            return Optional.of(new DropTable(tableName(drop.name, catalog, schema), drop.ifExists));
        }
        if (node instanceof SqlInsert insert) {
            if (!(insert.getTargetTable() instanceof SqlIdentifier target)) {
                throw new AqueductException(ErrorCode.NOT_SUPPORTED, "INSERT needs a table name as its target");
            }
            Optional<List<String>> targetColumns = Optional.ofNullable(insert.getTargetColumnList())
                    .map(list -> list.stream()
                            .map(column -> ((SqlIdentifier) column).getSimple())
                            .toList());
            return Optional.of(new Insert(tableName(target, catalog, schema), targetColumns, insert.getSource()));
        }
        return Optional.empty();
    }

    private static List<Column> columns(SqlNodeList declarations) {
        RelDataTypeFactory typeFactory = new AqueductTypeFactory();
        List<Column> columns = new ArrayList<>();
        for (SqlNode element : declarations) {
            if (!(element instanceof SqlColumnDeclaration column)) {
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED, "Only column declarations are supported in CREATE TABLE: " + element);
            }
            SqlDataTypeSpec spec = column.dataType;
            columns.add(new Column(
                    column.name.getSimple(),
                    TypeConverter.toDataType(relType(spec, typeFactory)),
                    !Boolean.FALSE.equals(spec.getNullable())));
        }
        return columns;
    }

    /** The type a column declaration names; a DECIMAL without precision is DECIMAL(18, 3), as in DuckDB. */
    private static RelDataType relType(SqlDataTypeSpec spec, RelDataTypeFactory typeFactory) {
        if (!(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic)) {
            throw new AqueductException(ErrorCode.NOT_SUPPORTED, "Column type " + spec + " is not supported");
        }
        SqlTypeName typeName = SqlTypeName.get(basic.getTypeName().getSimple());
        if (typeName == null) {
            throw new AqueductException(ErrorCode.NOT_SUPPORTED, "Column type " + spec + " is not supported");
        }
        if (typeName == SqlTypeName.DECIMAL && basic.getPrecision() < 0) {
            return typeFactory.createSqlType(SqlTypeName.DECIMAL, DataType.MAX_DECIMAL_PRECISION, 3);
        }
        if (basic.getScale() >= 0 && typeName.allowsScale()) {
            return typeFactory.createSqlType(typeName, basic.getPrecision(), basic.getScale());
        }
        if (basic.getPrecision() >= 0 && typeName.allowsPrec()) {
            return typeFactory.createSqlType(typeName, basic.getPrecision());
        }
        return typeFactory.createSqlType(typeName);
    }

    private static QualifiedName schemaName(SqlIdentifier name, String catalog) {
        return switch (name.names.size()) {
            case 1 -> new QualifiedName(catalog, name.names.get(0), null);
            case 2 -> new QualifiedName(name.names.get(0), name.names.get(1), null);
            default ->
                throw new AqueductException(ErrorCode.INVALID_QUERY, "Schema name " + name + " has too many parts");
        };
    }

    private static QualifiedName tableName(SqlIdentifier name, String catalog, String schema) {
        return switch (name.names.size()) {
            case 1 -> new QualifiedName(catalog, schema, name.names.get(0));
            case 2 -> new QualifiedName(catalog, name.names.get(0), name.names.get(1));
            case 3 -> new QualifiedName(name.names.get(0), name.names.get(1), name.names.get(2));
            default ->
                throw new AqueductException(ErrorCode.INVALID_QUERY, "Table name " + name + " has too many parts");
        };
    }
}
