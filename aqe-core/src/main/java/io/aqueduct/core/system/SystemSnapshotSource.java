package io.aqueduct.core.system;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.List;

/**
 * Where one execution of a query takes the rows of the system tables it reads, asked once per scan
 * while the plan is built (see {@code CompiledQuery.plan(List, SystemSnapshotSource)}). The
 * coordinator makes one per execution with {@link SystemTables#snapshotSource}, which binds what the
 * tables need to know of that execution.
 */
@FunctionalInterface
public interface SystemSnapshotSource {
    /** For callers that run no query over system tables: asking it for rows is an error. */
    SystemSnapshotSource NONE = scan -> {
        throw new AqueductException(
                ErrorCode.NOT_SUPPORTED,
                "System table sys." + scan.table() + " can only be read through the coordinator");
    };

    /** Every system table empty: for checking that a plan can be built without reading anything. */
    SystemSnapshotSource EMPTY = scan -> List.of();

    /** The current rows of {@code scan.table()}, as {@link SystemTable#rows} describes them. */
    List<List<Object>> rows(SystemScan scan);
}
