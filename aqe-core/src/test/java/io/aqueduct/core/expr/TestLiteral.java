package io.aqueduct.core.expr;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.aqueduct.core.type.DataType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestLiteral {
    /** Configured as the wire protocol's mapper between coordinator and workers. */
    private static final ObjectMapper MAPPER =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** A folded {@code 1e0 / 0} is a literal Infinity, which JSON carries as the string "Infinity". */
    @ParameterizedTest
    @ValueSource(doubles = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, -0.0, 1.5})
    void doublesRoundTripThroughThePlansJson(double value) throws Exception {
        Literal literal = new Literal(value, DataType.DOUBLE);

        assertThat(MAPPER.readValue(MAPPER.writeValueAsString(literal), Expression.class))
                .isEqualTo(literal);
    }
}
