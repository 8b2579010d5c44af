package io.aqueduct.server.finalplan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * Renders a {@link FinalPlan} as the JSON document of {@code EXPLAIN ANALYZE FORMAT JSON}: the
 * record's fields as they are named, documented by the JSON Schema {@link #SCHEMA_RESOURCE}.
 */
public final class FinalPlanJson {
    /** The schema of the document, on the class path. */
    public static final String SCHEMA_RESOURCE = "/io/aqueduct/server/finalplan/final-plan.schema.json";

    private static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private FinalPlanJson() {}

    public static String toJson(FinalPlan plan) {
        return write(plan);
    }

    /** The inputs of a decision as a JSON object. */
    public static String toJson(java.util.Map<String, Object> inputs) {
        return write(inputs);
    }

    private static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A final plan is always serializable", e);
        }
    }
}
