package io.aqueduct.it.conformance;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The probe against Aqueduct through the shaded driver, on real worker processes: its tables in the writable
 * {@code memory} catalog, keys from the TPC-H tables, the large fetch of SF 0.1's orders.
 */
@ExtendWith(SharedCluster.class)
class TestJdbcConformanceAqueduct extends JdbcConformanceProbe {
    private final AqueductCluster cluster;

    TestJdbcConformanceAqueduct(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @Override
    ProbeTarget target() {
        return new ProbeTarget(
                "Aqueduct",
                cluster.jdbcUrl(),
                "memory",
                "probe",
                "memory.probe",
                List.of("tpch.tiny.nation", "tpch.tiny.lineitem"),
                List.of(),
                "tpch.sf0_1.orders",
                // Minutes of work: a filtered scan of the 60 million rows of sf10's lineitem.
                "SELECT count(*) FROM tpch.sf10.lineitem WHERE l_comment LIKE '%probe%'",
                Set.of());
    }
}
