package io.aqueduct.it;

import java.util.Properties;

/**
 * The skew workload of the tests: a partitioned join of the {@code skew} catalog's fact table, whose
 * join key follows a Zipf distribution (one key holds about 30% of the rows), with its dimension.
 * The session keeps the join partitioned (no broadcast of the small dimension, which would hide the
 * skew) and lowers the skew thresholds to the size of the tiny data set.
 */
final class SkewWorkload {
    static final String JOIN = "SELECT d.d_group, count(*) AS n, sum(f.f_value) AS total"
            + " FROM skew.tiny.fact f JOIN skew.tiny.dim d ON f.f_key = d.d_key GROUP BY d.d_group";
    /**
     * A join with the skewed fact table on its build side: the probe side, TPC-H lineitem at SF 0.1
     * (600,000 rows, uniform on the order key), is the larger one.
     */
    static final String BUILD_SKEWED_JOIN = "SELECT l.l_returnflag, count(*) AS n, sum(f.f_value) AS total"
            + " FROM tpch.sf0_1.lineitem l JOIN skew.tiny.fact f ON l.l_orderkey = f.f_key GROUP BY l.l_returnflag";

    private SkewWorkload() {}

    /** Session settings of the workload, with adaptive execution on. */
    static Properties settings() {
        Properties settings = new Properties();
        settings.setProperty("distributed.broadcast_max_bytes", "0");
        settings.setProperty("distributed.skew_min_bytes", "10KB");
        settings.setProperty("distributed.dynamic_bytes_per_partition", "256KB");
        // As many join tasks as the static run's, whatever the cores of the machine running the test.
        settings.setProperty("distributed.max_tasks_per_stage", "8");
        return settings;
    }

    /** The same session with adaptive execution off and eight tasks per shuffled stage. */
    static Properties staticSettings() {
        Properties settings = settings();
        settings.setProperty("distributed.dynamic_task_count", "false");
        settings.setProperty("distributed.fixed_task_count", "8");
        return settings;
    }
}
