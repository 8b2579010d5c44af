package io.aqueduct.core.type;

import static com.google.common.base.Preconditions.checkArgument;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** Names and types of the columns a plan node produces. */
public record RowType(List<String> names, List<DataType> types) {
    @JsonCreator
    public RowType(@JsonProperty("names") List<String> names, @JsonProperty("types") List<DataType> types) {
        checkArgument(names.size() == types.size(), "%s names for %s types", names.size(), types.size());
        this.names = List.copyOf(names);
        this.types = List.copyOf(types);
    }

    public int size() {
        return names.size();
    }

    public DataType type(int field) {
        return types.get(field);
    }

    public Schema toSchema() {
        List<Field> fields = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            fields.add(types.get(i).toField(names.get(i)));
        }
        return new Schema(fields);
    }

    public static RowType fromSchema(Schema schema) {
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (Field field : schema.getFields()) {
            names.add(field.getName());
            types.add(DataType.fromField(field));
        }
        return new RowType(names, types);
    }
}
