package io.aqueduct.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The join tree of the distributed plan in a query's EXPLAIN, with its stages put back together: each remote source replaced by the stage
 * it reads, only joins and scanned tables kept (no catalog, schema, strategy or task count), indented by depth, so
 * that two catalogs holding the same tables compare by join order alone.
 */
final class JoinOrder {
    private static final String DISTRIBUTED_PLAN = "Distributed plan:";
    private static final Pattern STAGE = Pattern.compile("^Stage (\\d+) .*");
    private static final Pattern REMOTE = Pattern.compile("RemoteSource stage (\\d+)");
    private static final Pattern SCAN = Pattern.compile("TableScan \\S+\\.(\\w+) .*");
    private static final Pattern JOIN = Pattern.compile("HashJoin (\\w+) .*");

    private JoinOrder() {}

    static String of(Connection connection, String sql) throws SQLException {
        Map<Integer, List<String>> stages = new HashMap<>();
        List<String> current = null;
        int root = -1;
        boolean distributed = false;
        try (Statement statement = connection.createStatement();
                ResultSet plan = statement.executeQuery("EXPLAIN " + sql)) {
            while (plan.next()) {
                String row = plan.getString(1);
                if (!distributed) {
                    distributed = row.equals(DISTRIBUTED_PLAN);
                    continue;
                }
                // the distributed plan's lines are indented by two spaces below its heading
                String line = row.substring(2);
                Matcher stage = STAGE.matcher(line);
                if (stage.matches()) {
                    current = new ArrayList<>();
                    int id = Integer.parseInt(stage.group(1));
                    stages.put(id, current);
                    root = root < 0 ? id : root;
                } else if (current != null) {
                    current.add(line);
                }
            }
        }
        StringBuilder tree = new StringBuilder();
        render(stages, root, 0, tree);
        return tree.toString();
    }

    private static void render(Map<Integer, List<String>> stages, int stage, int depth, StringBuilder tree) {
        for (String line : stages.get(stage)) {
            String node = line.strip();
            int level = depth + (line.length() - line.stripLeading().length()) / 2;
            Matcher remote = REMOTE.matcher(node);
            Matcher scan = SCAN.matcher(node);
            Matcher join = JOIN.matcher(node);
            if (remote.matches()) {
                render(stages, Integer.parseInt(remote.group(1)), level - 1, tree);
            } else if (scan.matches()) {
                tree.append("  ".repeat(level)).append(scan.group(1)).append('\n');
            } else if (join.matches()) {
                tree.append("  ".repeat(level))
                        .append("join ")
                        .append(join.group(1))
                        .append('\n');
            }
        }
    }
}
