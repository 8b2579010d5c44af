package io.aqueduct.core.connector;

import io.aqueduct.core.type.RowType;

/** A table's name (lower case) and columns. */
public record TableDefinition(String name, RowType columns) {}
