package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * PostgreSQL's flags of the regular-expression functions: {@code i} ignores case, {@code c} (the default) respects it,
 * the last of them winning; {@code g} (every match) where the function takes it. Any other flag fails with 22023.
 */
record RegexFlags(int patternOptions, boolean global) {
    private static final int IGNORE_CASE = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

    static RegexFlags parse(String flags, String function, boolean globalAllowed) {
        int options = 0;
        boolean global = false;
        for (char flag : flags.toCharArray()) {
            switch (flag) {
                case 'i' -> options |= IGNORE_CASE;
                case 'c' -> options &= ~IGNORE_CASE;
                case 'g' -> {
                    if (!globalAllowed) {
                        throw unknown(flag, function, "i (ignore case), c");
                    }
                    global = true;
                }
                default ->
                    throw unknown(
                            flag,
                            function,
                            globalAllowed ? "g (every match), i (ignore case), c" : "i (ignore case), c");
            }
        }
        return new RegexFlags(options, global);
    }

    /** {@code pattern} compiled with these flags; a syntax error fails with 22023. */
    Pattern compile(String pattern) {
        try {
            return Pattern.compile(pattern, patternOptions);
        } catch (PatternSyntaxException e) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "Invalid regular expression '" + pattern + "': " + e.getDescription());
        }
    }

    private static AqueductException unknown(char flag, String function, String known) {
        return new AqueductException(
                ErrorCode.INVALID_ARGUMENT, "Unknown " + function + " flag '" + flag + "': " + known);
    }
}
