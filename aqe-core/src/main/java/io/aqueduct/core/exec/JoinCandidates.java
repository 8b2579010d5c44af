package io.aqueduct.core.exec;

/**
 * Enumerates the candidate pairs of one probe batch, probe row by probe row: each row with every build
 * row of its group in the {@link JoinHashTable}. Resumable, so that a probe row with many candidates
 * spreads over several calls.
 *
 * <p>SEMI and ANTI joins only ask whether a probe row has a match. Given the rows already known to match,
 * the enumeration skips them; told that every candidate is a match (no residual), it yields at most one
 * candidate per row.
 */
final class JoinCandidates {
    private final JoinHashTable table;
    private final boolean firstCandidateOnly;

    private int[] groupIds;
    private int rowCount;
    private boolean[] rowsToSkip;
    private int row;
    private int position;
    private int end;

    JoinCandidates(JoinHashTable table, boolean firstCandidateOnly) {
        this.table = table;
        this.firstCandidateOnly = firstCandidateOnly;
    }

    /**
     * Starts on a probe batch of {@code rowCount} rows whose groups are {@code groupIds} (-1: no
     * candidates). Rows flagged in {@code rowsToSkip}, when not null, are skipped even as it changes.
     */
    void reset(int[] groupIds, int rowCount, boolean[] rowsToSkip) {
        this.groupIds = groupIds;
        this.rowCount = rowCount;
        this.rowsToSkip = rowsToSkip;
        this.row = -1;
        this.position = 0;
        this.end = 0;
    }

    boolean exhausted() {
        return row >= rowCount;
    }

    /** Writes up to {@code capacity} further pairs into the arrays; returns how many. */
    int fill(int[] probeRows, int[] buildRows, int capacity) {
        if (table.oneRowPerGroup()) {
            return fillSingleRows(probeRows, buildRows, capacity);
        }
        int count = 0;
        while (count < capacity) {
            if (position == end || (rowsToSkip != null && rowsToSkip[row])) {
                if (!advanceRow()) {
                    break;
                }
                continue;
            }
            int n = Math.min(capacity - count, end - position);
            for (int i = 0; i < n; i++) {
                probeRows[count + i] = row;
                buildRows[count + i] = table.rowAt(position + i);
            }
            count += n;
            position += n;
        }
        return count;
    }

    /** {@link #fill} when each group is one build row, numbered as the group: one candidate per matching row. */
    private int fillSingleRows(int[] probeRows, int[] buildRows, int capacity) {
        int count = 0;
        while (count < capacity && row < rowCount - 1) {
            row++;
            int group = groupIds[row];
            if (group >= 0 && (rowsToSkip == null || !rowsToSkip[row])) {
                probeRows[count] = row;
                buildRows[count] = group;
                count++;
            }
        }
        if (row == rowCount - 1) {
            row = rowCount;
        }
        return count;
    }

    private boolean advanceRow() {
        if (row >= rowCount - 1) {
            row = rowCount;
            position = 0;
            end = 0;
            return false;
        }
        row++;
        int group = groupIds[row];
        if (group < 0) {
            position = 0;
            end = 0;
        } else {
            position = table.groupStart(group);
            end = firstCandidateOnly ? Math.min(position + 1, table.groupEnd(group)) : table.groupEnd(group);
        }
        return true;
    }
}
