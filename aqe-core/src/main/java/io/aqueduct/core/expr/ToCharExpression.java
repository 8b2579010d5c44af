package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.type.DataType;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/** PostgreSQL's {@code TO_CHAR(value, template)} of a DATE or TIMESTAMP, the template a constant ({@link PgDateTimeFormat}). */
final class ToCharExpression extends UnaryExpression<FieldVector, VarCharVector> {
    private static final long MICROS_PER_SECOND = 1_000_000;

    private final DataType valueType;
    private final PgDateTimeFormat format;

    ToCharExpression(VectorExpression value, DataType valueType, String template) {
        super(value, DataType.VARCHAR);
        this.valueType = valueType;
        this.format = PgDateTimeFormat.parse(template);
    }

    @Override
    void compute(FieldVector values, VarCharVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!values.isNull(i)) {
                long micros = DateTimeValues.micros(values, valueType, i);
                LocalDateTime value = LocalDateTime.ofEpochSecond(
                        Math.floorDiv(micros, MICROS_PER_SECOND),
                        (int) Math.floorMod(micros, MICROS_PER_SECOND) * 1000,
                        ZoneOffset.UTC);
                result.setSafe(i, format.format(value).getBytes(UTF_8));
            }
        }
    }
}
