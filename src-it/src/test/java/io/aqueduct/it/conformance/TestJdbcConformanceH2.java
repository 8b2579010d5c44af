package io.aqueduct.it.conformance;

import java.util.List;
import java.util.Set;

/** The probe against H2 in memory: the reference every check must pass on. */
class TestJdbcConformanceH2 extends JdbcConformanceProbe {
    @Override
    ProbeTarget target() {
        return new ProbeTarget(
                "H2",
                "jdbc:h2:mem:probe;DB_CLOSE_DELAY=-1",
                "PROBE",
                "PROBE",
                "probe",
                List.of("PROBE.PROBE.PARENT", "PROBE.PROBE.CHILD"),
                List.of(
                        "CREATE TABLE probe.parent (id INTEGER PRIMARY KEY, name VARCHAR(20))",
                        "CREATE TABLE probe.child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES"
                                + " probe.parent (id))",
                        "CREATE TABLE probe.big AS SELECT X AS id, CAST(X AS VARCHAR) AS label,"
                                + " X * 0.5 AS half FROM SYSTEM_RANGE(1, 150000)"),
                "probe.big",
                "SELECT COUNT(*) FROM SYSTEM_RANGE(1, 100000) a, SYSTEM_RANGE(1, 100000) b"
                        + " WHERE MOD(a.X * b.X, 7) = 3",
                // Arrays, sequences, files, binary keys, date format patterns, type names, or a raised SQLState.
                Set.of(
                        "ENCRYPT",
                        "DECRYPT",
                        "HASH",
                        "HEXTORAW",
                        "DATE_TRUNC",
                        "FORMATDATETIME",
                        "PARSEDATETIME",
                        "ARRAY_GET",
                        "CARDINALITY",
                        "ARRAY_MAX_CARDINALITY",
                        "TRIM_ARRAY",
                        "ARRAY_SLICE",
                        "CASEWHEN",
                        "CONVERT",
                        "CURRVAL",
                        "CSVWRITE",
                        "DISK_SPACE_USED",
                        "SIGNAL",
                        "ESTIMATED_ENVELOPE",
                        "FILE_READ",
                        "NEXTVAL",
                        "SET"));
    }
}
