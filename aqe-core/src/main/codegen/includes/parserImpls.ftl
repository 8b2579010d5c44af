<#--
  DDL of the memory catalog: CREATE SCHEMA, CREATE TABLE (columns or AS query), DROP SCHEMA, DROP TABLE,
  each with IF [NOT] EXISTS. The nodes are Calcite's SqlDdlNodes.
-->

boolean IfNotExistsOpt() :
{
}
{
    <IF> <NOT> <EXISTS> { return true; }
|
    { return false; }
}

boolean IfExistsOpt() :
{
}
{
    <IF> <EXISTS> { return true; }
|
    { return false; }
}

SqlCreate SqlCreateSchema(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier id;
}
{
    <SCHEMA> ifNotExists = IfNotExistsOpt() id = CompoundIdentifier()
    {
        return SqlDdlNodes.createSchema(s.end(this), replace, ifNotExists, id);
    }
}

/** A column: its name, type and nullability (NULL unless NOT NULL). */
void ColumnDeclaration(List<SqlNode> columns) :
{
    final SqlIdentifier name;
    final SqlDataTypeSpec type;
    boolean nullable = true;
    final Span s = Span.of();
}
{
    name = SimpleIdentifier() type = DataType()
    [
        <NULL>
    |
        <NOT> <NULL> { nullable = false; }
    ]
    {
        columns.add(SqlDdlNodes.column(s.add(name).end(this), name, type.withNullable(nullable), null,
            nullable ? ColumnStrategy.NULLABLE : ColumnStrategy.NOT_NULLABLE));
    }
}

SqlNodeList ColumnDeclarationList() :
{
    final Span s;
    final List<SqlNode> columns = new ArrayList<SqlNode>();
}
{
    <LPAREN> { s = span(); }
    ColumnDeclaration(columns) ( <COMMA> ColumnDeclaration(columns) )*
    <RPAREN>
    {
        return new SqlNodeList(columns, s.end(this));
    }
}

SqlCreate SqlCreateTable(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier id;
    SqlNodeList columns = null;
    SqlNode query = null;
}
{
    <TABLE> ifNotExists = IfNotExistsOpt() id = CompoundIdentifier()
    (
        columns = ColumnDeclarationList()
    |
        <AS> query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    )
    {
        return SqlDdlNodes.createTable(s.end(this), replace, ifNotExists, id, columns, query);
    }
}

SqlDrop SqlDropSchema(Span s, boolean replace) :
{
    final boolean ifExists;
    final SqlIdentifier id;
    boolean cascade = false;
}
{
    <SCHEMA> ifExists = IfExistsOpt() id = CompoundIdentifier()
    [ <RESTRICT> | <CASCADE> { cascade = true; } ]
    {
        return new SqlDropSchemaCascading(s.end(this), ifExists, id, cascade);
    }
}

SqlDrop SqlDropTable(Span s, boolean replace) :
{
    final boolean ifExists;
    final SqlIdentifier id;
}
{
    <TABLE> ifExists = IfExistsOpt() id = CompoundIdentifier()
    {
        return SqlDdlNodes.dropTable(s.end(this), ifExists, id);
    }
}

/**
 * SQL Server's, Snowflake's and Redshift's DATEADD(unit, n, x) and DATEDIFF(unit, a, b) with the unit as a keyword
 * (DATEADD(day, 3, d)), which the grammar cannot otherwise parse: DAY is reserved. The keyword becomes the quoted
 * unit of FunctionAliases' DATEADD and DATEDIFF, which take either spelling from here on.
 */
SqlNode DateAddOrDiffCall() :
{
    final Span s;
    final String name;
    final SqlIntervalQualifier unit;
    final List<SqlNode> args = new ArrayList<SqlNode>();
}
{
    ( <DATEADD> { name = "DATEADD"; } | <DATEDIFF> { name = "DATEDIFF"; } ) { s = span(); }
    <LPAREN>
    (
        LOOKAHEAD(2)
        unit = TimeUnit() {
            args.add(SqlLiteral.createCharString(unit.timeUnitRange.startUnit.name(), unit.getParserPosition()));
        }
    |
        AddExpression(args, ExprContext.ACCEPT_SUB_QUERY)
    )
    ( <COMMA> AddExpression(args, ExprContext.ACCEPT_SUB_QUERY) )*
    <RPAREN> {
        return createCall(new SqlIdentifier(name, s.pos()), s.end(this),
            SqlFunctionCategory.USER_DEFINED_FUNCTION, null, args);
    }
}

/**
 * MySQL's and SQL Server's DAY(x), the day of the month: Calcite's grammar takes YEAR(x), MONTH(x), HOUR(x) and the
 * like as function calls, but not DAY, a reserved word. It is DAYOFMONTH(x).
 */
SqlNode DayFunctionCall() :
{
    final Span s;
    final List<SqlNode> args = new ArrayList<SqlNode>();
}
{
    <DAY> { s = span(); }
    <LPAREN>
    AddExpression(args, ExprContext.ACCEPT_SUB_QUERY)
    <RPAREN> {
        return createCall(new SqlIdentifier("DAYOFMONTH", s.pos()), s.end(this),
            SqlFunctionCategory.USER_DEFINED_FUNCTION, null, args);
    }
}

/** PostgreSQL's {@code x::type}, Calcite's INFIX_CAST: a CAST to the type, binding tighter than any other operator. */
void InfixCast(List<Object> list, ExprContext exprContext, Span s) :
{
    final SqlDataTypeSpec dt;
}
{
    <INFIX_CAST> {
        checkNonQueryExpression(exprContext);
    }
    dt = DataType() {
        list.add(
            new SqlParserUtil.ToTreeListItem(SqlLibraryOperators.INFIX_CAST,
                s.pos()));
        list.add(dt);
    }
}
