package io.aqueduct.core.sql;

import java.util.List;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code DROP SCHEMA [IF EXISTS] name [RESTRICT | CASCADE]}: Calcite's own {@code SqlDropSchema} has no CASCADE, so
 * Aqueduct's parser builds this node instead.
 */
public final class SqlDropSchemaCascading extends SqlDrop {
    private static final SqlOperator OPERATOR = new SqlSpecialOperator("DROP SCHEMA", SqlKind.DROP_SCHEMA);

    public final SqlIdentifier name;
    /** Whether the schema's tables are dropped with it; without, a schema with tables is not dropped. */
    public final boolean cascade;

    public SqlDropSchemaCascading(SqlParserPos pos, boolean ifExists, SqlIdentifier name, boolean cascade) {
        super(OPERATOR, pos, ifExists);
        this.name = name;
        this.cascade = cascade;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(name);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("DROP SCHEMA");
        if (ifExists) {
            writer.keyword("IF EXISTS");
        }
        name.unparse(writer, leftPrec, rightPrec);
        writer.keyword(cascade ? "CASCADE" : "RESTRICT");
    }
}
