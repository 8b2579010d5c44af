package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;

/** Compiles POSITION, REPLACE and TRIM of given characters over Java strings. */
final class StringFunctionCompiler {
    private StringFunctionCompiler() {}

    static VectorExpression compile(Call call) {
        var operands = call.operands().stream()
                .map(operand -> ExpressionCompiler.coerce(operand, DataType.VARCHAR))
                .toList();
        return switch (call.function()) {
            case POSITION ->
                CastExpression.create(
                        new StringFunctionExpression(operands, DataType.BIGINT, StringFunctionCompiler::position),
                        DataType.BIGINT,
                        call.type());
            case REPLACE ->
                new StringFunctionExpression(
                        operands, DataType.VARCHAR, values -> values[0].replace(values[1], values[2]));
            case TRIM_CHARACTERS ->
                new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::trim);
            default -> throw new IllegalArgumentException("Not a string function: " + call.function());
        };
    }

    /** 1-based code point position of {@code values[0]} in {@code values[1]}, 0 when absent. */
    private static Long position(String[] values) {
        int index = values[1].indexOf(values[0]);
        return index < 0 ? 0L : values[1].codePointCount(0, index) + 1L;
    }

    /** {@code values}: flag (BOTH, LEADING, TRAILING), the characters to remove, the string. */
    private static String trim(String[] values) {
        String characters = values[1];
        String text = values[2];
        int start = 0;
        int end = text.length();
        if (!values[0].equals("TRAILING")) {
            while (start < end && characters.indexOf(text.codePointAt(start)) >= 0) {
                start += Character.charCount(text.codePointAt(start));
            }
        }
        if (!values[0].equals("LEADING")) {
            while (end > start && characters.indexOf(text.codePointBefore(end)) >= 0) {
                end -= Character.charCount(text.codePointBefore(end));
            }
        }
        return text.substring(start, end);
    }
}
