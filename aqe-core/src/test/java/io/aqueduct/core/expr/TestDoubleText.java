package io.aqueduct.core.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Texts PostgreSQL 16 writes for these doubles ({@code SELECT x::float8::text}). */
class TestDoubleText {
    @ParameterizedTest
    @CsvSource({
        "123456789.125, 123456789.125",
        "100, 100",
        "-2.5, -2.5",
        "0.1, 0.1",
        "0.0001, 0.0001",
        "0.00001, 1e-05",
        "0.000015, 1.5e-05",
        "100000000000000, 100000000000000",
        "1e15, 1e+15",
        "-1.25e20, -1.25e+20",
        "1.7976931348623157e308, 1.7976931348623157e+308",
        "0.30000000000000004, 0.30000000000000004",
        "0, 0",
        "-0.0, -0",
        "NaN, NaN",
        "Infinity, Infinity",
        "-Infinity, -Infinity",
    })
    void writesDoublesAsPostgreSql(double value, String text) {
        assertThat(DoubleText.format(value)).isEqualTo(text);
    }
}
