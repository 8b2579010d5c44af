package io.aqueduct.server.coordinator;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.AvaticaUtils;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;

/**
 * Builds JDBC metadata result sets from Avatica's own row classes ({@code MetaImpl.MetaTable} and
 * friends), so that column names, order and types are exactly the JDBC layouts clients expect.
 */
final class MetadataResults {
    private MetadataResults() {}

    static Meta.MetaResultSet of(String connectionId, int statementId, Class<?> rowClass, List<?> rows) {
        List<Field> fields = publicFields(rowClass);
        List<ColumnMetaData> columns = new ArrayList<>();
        for (Field field : fields) {
            columns.add(MetaImpl.columnMetaData(
                    AvaticaUtils.camelToUpper(field.getName()), columns.size(), field.getType(), nullability(field)));
        }
        List<Object> values = new ArrayList<>(rows.size());
        for (Object row : rows) {
            List<Object> value = new ArrayList<>(fields.size());
            for (Field field : fields) {
                try {
                    value.add(field.get(row));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
            values.add(value);
        }
        Meta.Signature signature =
                Meta.Signature.create(columns, "", List.of(), Meta.CursorFactory.LIST, Meta.StatementType.SELECT);
        return Meta.MetaResultSet.create(
                connectionId, statementId, true, signature, Meta.Frame.create(0, true, values));
    }

    private static List<Field> publicFields(Class<?> rowClass) {
        List<Field> fields = new ArrayList<>();
        for (Field field : rowClass.getFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                fields.add(field);
            }
        }
        return fields;
    }

    private static int nullability(Field field) {
        if (field.isAnnotationPresent(MetaImpl.ColumnNoNulls.class)
                || field.getType().isPrimitive()) {
            return java.sql.DatabaseMetaData.columnNoNulls;
        }
        return java.sql.DatabaseMetaData.columnNullable;
    }
}
