package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Turns Calcite's parse and validation failures into one-line user errors with a code and a position. */
final class SqlErrors {
    private SqlErrors() {}

    static AqueductException syntaxError(SqlParseException e) {
        String message = firstLine(e.getMessage());
        SqlParserPos pos = e.getPos();
        if (pos != null && !message.contains("line " + pos.getLineNum())) {
            message = message + " at " + position(pos.getLineNum(), pos.getColumnNum());
        }
        return new AqueductException(ErrorCode.SYNTAX_ERROR, "Syntax error: " + message);
    }

    static AqueductException validationError(CalciteContextException e) {
        String problem = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
        String message = firstLine(problem) + " at " + position(e.getPosLine(), e.getPosColumn());
        return new AqueductException(classify(problem), message);
    }

    private static ErrorCode classify(String problem) {
        if (problem.startsWith("Object ") || problem.startsWith("Table ")) {
            return problem.contains("not found") ? ErrorCode.TABLE_NOT_FOUND : ErrorCode.INVALID_QUERY;
        }
        if (problem.startsWith("Column ") && problem.contains("not found")) {
            return ErrorCode.COLUMN_NOT_FOUND;
        }
        if (problem.startsWith("Cannot apply")
                || problem.startsWith("Cannot assign")
                || problem.contains("type mismatch")
                || problem.startsWith("Cast function cannot convert")) {
            return ErrorCode.TYPE_MISMATCH;
        }
        if (problem.contains("not supported")) {
            return ErrorCode.NOT_SUPPORTED;
        }
        return ErrorCode.INVALID_QUERY;
    }

    private static String position(int line, int column) {
        return "line " + line + ", column " + column;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }
}
