package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Sort by column {@code field}. */
public record SortKey(int field, boolean descending, boolean nullsFirst) {
    @JsonCreator
    public SortKey(
            @JsonProperty("field") int field,
            @JsonProperty("descending") boolean descending,
            @JsonProperty("nullsFirst") boolean nullsFirst) {
        this.field = field;
        this.descending = descending;
        this.nullsFirst = nullsFirst;
    }
}
