package io.aqueduct.core.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.testing.ArrowAllocatorTest;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TestDataType extends ArrowAllocatorTest {
    @ParameterizedTest
    @EnumSource(TypeKind.class)
    void fieldsRoundTripEveryType(TypeKind kind) {
        DataType type = kind == TypeKind.DECIMAL ? DataType.decimal(12, 2) : new DataType(kind, 0, 0);

        assertThat(DataType.fromField(type.toField("c"))).isEqualTo(type);
        assertThat(DataType.fromField(new Field("c", FieldType.nullable(type.arrowType()), null))
                        .kind())
                .isEqualTo(kind == TypeKind.DECIMAL ? TypeKind.BIGINT : kind);
    }

    @Test
    void createsTheVectorsConnectorsFill() {
        Map<DataType, Class<?>> vectors = Map.of(
                DataType.TIMESTAMP, TimeStampMicroVector.class,
                DataType.TIME, TimeMicroVector.class,
                DataType.VARBINARY, VarBinaryVector.class,
                DataType.BOOLEAN, BitVector.class,
                DataType.DOUBLE, Float8Vector.class);
        vectors.forEach((type, vectorClass) -> {
            try (FieldVector vector = type.toField("c").createVector(allocator)) {
                assertThat(vector).isInstanceOf(vectorClass);
            }
        });
    }

    @Test
    void rejectsTimeUnitsOtherThanMicroseconds() {
        for (ArrowType type : List.of(
                new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), new ArrowType.Time(TimeUnit.NANOSECOND, 64))) {
            assertThatThrownBy(() -> DataType.fromField(new Field("c", FieldType.nullable(type), null)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("MICROSECOND");
        }
    }
}
