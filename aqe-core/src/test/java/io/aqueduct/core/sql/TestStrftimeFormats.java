package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.junit.jupiter.api.Test;

class TestStrftimeFormats {
    @Test
    void specifiersBecomeTemplateFieldsAndTextIsQuoted() {
        assertThat(StrftimeFormats.toTemplate("%Y-%m-%d %H:%M:%S", "STRFTIME"))
                .isEqualTo("YYYY\"-\"MM\"-\"DD\" \"HH24\":\"MI\":\"SS");
        assertThat(StrftimeFormats.toTemplate("%-d %B, day %j", "STRFTIME")).isEqualTo("FMDD\" \"FMMonth\", day \"DDD");
    }

    @Test
    void percentSignsAndQuotesAreText() {
        // The quote closes the quoted text, stands after a backslash, and opens it again.
        assertThat(StrftimeFormats.toTemplate("100%% \"%y\"", "STRFTIME")).isEqualTo("\"100% \"\\\"\"\"YY\"\"\\\"\"\"");
    }

    @Test
    void aSpecifierWithoutAFieldFails() {
        assertThatThrownBy(() -> StrftimeFormats.toTemplate("%Y week %U", "STRPTIME"))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_SUPPORTED))
                .hasMessageContaining("STRPTIME format specifier %U");
    }
}
