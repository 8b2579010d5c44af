package io.aqueduct.core.sql;

import java.util.Locale;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code EXTRACT(DOW FROM x)} as written in a statement counts from Sunday = 0 to Saturday = 6, as PostgreSQL, DuckDB,
 * Redshift and Snowflake count; Calcite's DOW, which the engine computes, is 1 to 7 from Sunday, which JDBC's
 * {@code DAYOFWEEK} keeps. Rewritten before validation, so that the DAYOFWEEK Calcite turns into an EXTRACT later is
 * not.
 */
final class DayOfWeekExtracts extends SqlShuttle {
    private DayOfWeekExtracts() {}

    /** {@code parsed} with each EXTRACT of DOW one less; itself when {@code sql} names no DOW. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        if (!sql.toLowerCase(Locale.ROOT).contains("dow")) {
            return parsed;
        }
        return parsed.accept(new DayOfWeekExtracts());
    }

    /** {@code EXTRACT(DOW FROM x) - 1}, counting from Sunday = 0. */
    static SqlNode fromSundayZero(SqlNode extract) {
        return SqlStdOperatorTable.MINUS.createCall(
                extract.getParserPosition(), extract, SqlLiteral.createExactNumeric("1", extract.getParserPosition()));
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (visited instanceof SqlCall extract
                && extract.getKind() == SqlKind.EXTRACT
                && extract.operand(0) instanceof SqlIntervalQualifier unit
                && unit.timeUnitRange == TimeUnitRange.DOW) {
            return fromSundayZero(extract);
        }
        return visited;
    }
}
