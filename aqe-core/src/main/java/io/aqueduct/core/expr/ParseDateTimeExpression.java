package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * PostgreSQL's {@code TO_DATE(text, template)} and {@code TO_TIMESTAMP(text, template)}: the DATE or TIMESTAMP the text
 * writes in a constant template ({@link PgDateTimeFormat#read}).
 */
final class ParseDateTimeExpression extends UnaryExpression<VarCharVector, FieldVector> {
    private final DataType type;
    private final PgDateTimeFormat format;

    ParseDateTimeExpression(VectorExpression text, DataType type, String template) {
        super(text, type);
        this.type = type;
        this.format = PgDateTimeFormat.parse(template);
    }

    @Override
    void compute(VarCharVector texts, FieldVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!texts.isNull(i)) {
                String text = new String(texts.get(i), UTF_8);
                DateTimeValues.set(result, type, i, DateTimes.toMicros(format.read(text)));
            }
        }
    }
}
