package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.sql.QueryCompiler;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestSupportedFunctions {
    private final QueryCompiler compiler =
            new QueryCompiler(ConnectorRegistry.builtIn().all());

    @Test
    void listsWhatTheEnginePlansAndLeavesOutTheRest() {
        SupportedFunctions functions = new SupportedFunctions(
                sql -> compiler.compile(sql, "tpch", "tiny"),
                List.of(
                        new SupportedFunctions.Candidate(SupportedFunctions.Category.NUMERIC, "ABS", "ABS({i})"),
                        new SupportedFunctions.Candidate(SupportedFunctions.Category.NUMERIC, "MOD", "MOD({i}, {i})"),
                        // Parsed and validated, but the engine has no such function to run.
                        new SupportedFunctions.Candidate(
                                SupportedFunctions.Category.NUMERIC, "NO_SUCH", "NO_SUCH_FUNCTION({i})"),
                        new SupportedFunctions.Candidate(SupportedFunctions.Category.STRING, "UPPER", "UPPER({s})"),
                        new SupportedFunctions.Candidate(
                                SupportedFunctions.Category.TIME_DATE, "EXTRACT", "EXTRACT(YEAR FROM {dt})")));

        assertThat(functions.list(SupportedFunctions.Category.NUMERIC)).isEqualTo("ABS,MOD");
        assertThat(functions.list(SupportedFunctions.Category.STRING)).isEqualTo("UPPER");
        assertThat(functions.list(SupportedFunctions.Category.TIME_DATE)).isEqualTo("EXTRACT");
        assertThat(functions.list(SupportedFunctions.Category.SYSTEM)).isEmpty();
    }

    @Test
    void theCandidatesTheEngineRunsTodayAreListed() {
        SupportedFunctions functions =
                new SupportedFunctions(sql -> compiler.compile(sql, "tpch", "tiny"), SupportedFunctions.CANDIDATES);

        assertThat(functions.list(SupportedFunctions.Category.NUMERIC).split(","))
                .contains("ABS", "MOD");
        assertThat(functions.list(SupportedFunctions.Category.STRING).split(","))
                .contains("CHAR_LENGTH", "LOWER", "SUBSTRING", "TRIM", "UPPER");
        assertThat(functions.list(SupportedFunctions.Category.SYSTEM).split(","))
                .contains("COALESCE");
        assertThat(functions.list(SupportedFunctions.Category.TIME_DATE).split(","))
                .contains("EXTRACT");
    }
}
