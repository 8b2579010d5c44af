package io.aqueduct.core.connector;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;

/**
 * A conjunct {@code column <comparison> value} of the filter right above a scan, handed to the connector
 * so that it can skip data that cannot match (a Parquet row group whose min/max exclude the value). The
 * engine still applies the whole filter: a connector may ignore constraints. {@code value} is the SQL
 * value of a numeric column, or the epoch day of a DATE column.
 */
public record ScanConstraint(String column, Comparison comparison, BigDecimal value) {
    @JsonCreator
    public ScanConstraint(
            @JsonProperty("column") String column,
            @JsonProperty("comparison") Comparison comparison,
            @JsonProperty("value") BigDecimal value) {
        this.column = requireNonNull(column, "column is null");
        this.comparison = requireNonNull(comparison, "comparison is null");
        this.value = requireNonNull(value, "value is null");
    }

    public enum Comparison {
        EQUAL,
        LESS_THAN,
        LESS_THAN_OR_EQUAL,
        GREATER_THAN,
        GREATER_THAN_OR_EQUAL;

        /** The comparison with its operands swapped: {@code a < b} is {@code b > a}. */
        public Comparison flipped() {
            return switch (this) {
                case EQUAL -> EQUAL;
                case LESS_THAN -> GREATER_THAN;
                case LESS_THAN_OR_EQUAL -> GREATER_THAN_OR_EQUAL;
                case GREATER_THAN -> LESS_THAN;
                case GREATER_THAN_OR_EQUAL -> LESS_THAN_OR_EQUAL;
            };
        }
    }

    /** Whether some value in {@code [min, max]} may satisfy the constraint. */
    public boolean mayMatch(BigDecimal min, BigDecimal max) {
        return switch (comparison) {
            case EQUAL -> min.compareTo(value) <= 0 && max.compareTo(value) >= 0;
            case LESS_THAN -> min.compareTo(value) < 0;
            case LESS_THAN_OR_EQUAL -> min.compareTo(value) <= 0;
            case GREATER_THAN -> max.compareTo(value) > 0;
            case GREATER_THAN_OR_EQUAL -> max.compareTo(value) >= 0;
        };
    }
}
