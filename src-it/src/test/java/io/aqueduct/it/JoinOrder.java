package io.aqueduct.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The join tree of the distributed plan in a query's EXPLAIN, with its stages put back together (each remote
 * source replaced by the stage it reads) and only joins and scanned tables kept, written {@code (probe ⋈ build)}
 * with tables by name alone: two catalogs holding the same tables compare by join order.
 */
record JoinOrder(String sided, String unsided) {
    private static final String DISTRIBUTED_PLAN = "Distributed plan:";
    private static final Pattern STAGE = Pattern.compile("^Stage (\\d+) .*");
    private static final Pattern REMOTE = Pattern.compile("RemoteSource stage (\\d+)");
    private static final Pattern SCAN = Pattern.compile("TableScan \\S+\\.(\\w+) .*");

    static JoinOrder of(Connection connection, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet plan = statement.executeQuery("EXPLAIN " + sql)) {
            while (plan.next()) {
                rows.add(plan.getString(1));
            }
        }
        return parse(rows);
    }

    /** The join order of EXPLAIN's rows. */
    static JoinOrder parse(List<String> explainRows) {
        Map<Integer, Node> stages = new HashMap<>();
        int root = -1;
        Deque<Node> open = new ArrayDeque<>();
        boolean distributed = false;
        for (String row : explainRows) {
            if (!distributed) {
                distributed = row.equals(DISTRIBUTED_PLAN);
                continue;
            }
            // the distributed plan's lines are indented by two spaces below its heading
            String line = row.substring(2);
            Matcher stage = STAGE.matcher(line);
            if (stage.matches()) {
                Node node = new Node(-1, "");
                int id = Integer.parseInt(stage.group(1));
                stages.put(id, node);
                root = root < 0 ? id : root;
                open.clear();
                open.push(node);
                continue;
            }
            Node node = new Node((line.length() - line.stripLeading().length()) / 2, line.strip());
            while (open.peek().depth >= node.depth) {
                open.pop();
            }
            open.peek().children.add(node);
            open.push(node);
        }
        return new JoinOrder(render(stages.get(root), stages, true), render(stages.get(root), stages, false));
    }

    private static String render(Node node, Map<Integer, Node> stages, boolean sided) {
        Matcher remote = REMOTE.matcher(node.text);
        if (remote.matches()) {
            return render(stages.get(Integer.parseInt(remote.group(1))), stages, sided);
        }
        Matcher scan = SCAN.matcher(node.text);
        if (scan.matches()) {
            return scan.group(1);
        }
        List<String> children = node.children.stream()
                .map(child -> render(child, stages, sided))
                .filter(child -> !child.isEmpty())
                .collect(Collectors.toCollection(ArrayList::new));
        if (node.text.startsWith("HashJoin")) {
            if (!sided) {
                children.sort(null);
            }
            return children.stream().collect(Collectors.joining(" ⋈ ", "(", ")"));
        }
        return String.join(", ", children);
    }

    /** A plan line at its indentation depth, and the lines below it. */
    private static final class Node {
        final int depth;
        final String text;
        final List<Node> children = new ArrayList<>();

        Node(int depth, String text) {
            this.depth = depth;
            this.text = text;
        }
    }
}
