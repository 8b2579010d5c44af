package io.aqueduct.core.sql;

import java.util.Locale;
import java.util.Map;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * PostgreSQL's names of EXTRACT's sub-second fields, {@code MILLISECONDS} and {@code MICROSECONDS} (the seconds with
 * their fraction, times 1,000 or 1,000,000), as Calcite's {@code MILLISECOND} and {@code MICROSECOND}, which mean the
 * same; Calcite took the plural names for unknown time frames (42000).
 */
final class ExtractFieldNames extends SqlShuttle {
    private static final Map<String, TimeUnit> UNITS =
            Map.of("MILLISECONDS", TimeUnit.MILLISECOND, "MICROSECONDS", TimeUnit.MICROSECOND);

    private ExtractFieldNames() {}

    /** {@code parsed} with PostgreSQL's field names of EXTRACT renamed; itself when {@code sql} names none. */
    static SqlNode resolve(String sql, SqlNode parsed) {
        if (!sql.toLowerCase(Locale.ROOT).contains("seconds")) {
            return parsed;
        }
        return parsed.accept(new ExtractFieldNames());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (visited instanceof SqlCall extract
                && extract.getKind() == SqlKind.EXTRACT
                && extract.operand(0) instanceof SqlIntervalQualifier field
                && field.timeFrameName != null) {
            TimeUnit unit = UNITS.get(field.timeFrameName.toUpperCase(Locale.ROOT));
            if (unit != null) {
                extract.setOperand(0, new SqlIntervalQualifier(unit, null, field.getParserPosition()));
            }
        }
        return visited;
    }
}
