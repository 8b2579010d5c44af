package io.aqueduct.core.sql;

import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.type.RowType;

/**
 * A query ready to run: its single-node physical plan, the column names and types the client sees,
 * and the optimized logical plan as Calcite renders it (for EXPLAIN).
 */
public record CompiledQuery(String sql, PlanNode plan, RowType resultType, String logicalPlan) {}
