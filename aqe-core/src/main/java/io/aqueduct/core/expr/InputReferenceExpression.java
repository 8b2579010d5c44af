package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;

/** A column of the batch, shared with the batch's vector (no copy) and labeled with the reference's type. */
final class InputReferenceExpression implements VectorExpression {
    private final int field;
    private final DataType type;

    InputReferenceExpression(int field, DataType type) {
        this.field = field;
        this.type = type;
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        FieldVector column = batch.getVector(field);
        TransferPair transfer = column.getTransferPair(type.toField(Vectors.RESULT_NAME), allocator);
        transfer.splitAndTransfer(0, batch.getRowCount());
        return (FieldVector) transfer.getTo();
    }
}
