package io.aqueduct.server.system;

import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.server.finalplan.FinalPlanJson;
import io.aqueduct.server.finalplan.FinalPlanText;
import io.aqueduct.server.finalplan.QueryRecord;
import io.aqueduct.server.finalplan.QueryRegistry;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * {@code sys.queries}: one row per query the registry holds, running (with live progress) or ended
 * (with its final plan as EXPLAIN ANALYZE text and as JSON). {@code connection_id} and
 * {@code statement_id} name the Avatica statement that ran it, which is how the driver finds the id
 * of a statement's last query. {@code attempt} counts its runs: more than 1 when it ran again after
 * losing a worker. A reader who is not an administrator sees only their own queries.
 */
final class QueriesTable {
    /**
     * ISO-8601 in UTC, always with milliseconds, so that the text sorts as the instants do ({@code Instant.toString}
     * drops a zero fraction: "12:00:01Z" sorted after "12:00:01.004Z", and the driver's lookup of a statement's latest
     * query, ordered by start_time, then found the previous one).
     */
    private static final DateTimeFormatter START_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private static final SystemColumns<QueryRecord> COLUMNS = SystemColumns.<QueryRecord>builder()
            .varchar("query_id", QueryRecord::queryId)
            .varchar("connection_id", QueryRecord::connectionId)
            .integer("statement_id", QueryRecord::statementId)
            .varchar("user_name", QueryRecord::user)
            .varchar("sql", QueryRecord::sql)
            .varchar("state", query -> query.progress().state().name())
            .integer("attempt", QueryRecord::attempt)
            .varchar("start_time", query -> START_TIME.format(Instant.ofEpochMilli(query.startEpochMillis())))
            .bigint("elapsed_ms", query -> query.progress().elapsedMillis())
            .bigint("result_rows", query -> query.progress().resultRows())
            .integer("tasks", query -> query.progress().tasks())
            .integer("tasks_finished", query -> query.progress().tasksFinished())
            .integer(
                    "stages",
                    query -> query.finalPlan() == null
                            ? null
                            : query.finalPlan().stages().size())
            .varchar(
                    "error",
                    query ->
                            query.finalPlan() == null ? null : query.finalPlan().error())
            .varchar(
                    "final_plan",
                    query -> query.finalPlan() == null
                            ? null
                            : String.join("\n", FinalPlanText.lines(query.finalPlan(), false)))
            .varchar(
                    "final_plan_json",
                    query -> query.finalPlan() == null ? null : FinalPlanJson.toJson(query.finalPlan()))
            .build();

    private QueriesTable() {}

    static SystemTable<SystemContext> create(QueryRegistry registry) {
        return new RegistryTable<>(
                "queries", COLUMNS, (context, scan) -> RegistryRows.queries(registry, context, scan));
    }
}
