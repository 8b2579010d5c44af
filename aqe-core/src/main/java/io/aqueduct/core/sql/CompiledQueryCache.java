package io.aqueduct.core.sql;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;

/**
 * The compiled queries of recent statements, by text and default catalog and schema: Calcite's parse, validation
 * and optimization cost tens of milliseconds a statement, and clients repeat statements. Only a query whose tables
 * cannot change is kept: every table it reads is a system table (whose rows are read when it runs, not when it is
 * compiled) or belongs to a catalog whose data is fixed ({@link io.aqueduct.core.connector.Connector#
 * deterministicSplits()}, so fixed statistics too). Any change of a catalog ({@link #invalidate()}) drops them all,
 * since a new table may change what a name resolves to; a compile that raced with the change is not kept.
 */
final class CompiledQueryCache {
    private static final int MAX_QUERIES = 512;

    /**
     * A statement as compiled: its text, the catalog and schema its names resolve in first, and the most rows it
     * fetches (0: all).
     */
    private record Key(String sql, String catalog, String schema, long maxRows, long generation) {}

    private final Cache<Key, CompiledQuery> queries =
            CacheBuilder.newBuilder().maximumSize(MAX_QUERIES).build();
    /** Counts the catalog changes: an entry compiled before the latest one is never looked up again. */
    private final AtomicLong generation = new AtomicLong();
    /** Whether a catalog's tables and their data are fixed. */
    private final Predicate<String> fixedCatalog;

    CompiledQueryCache(Predicate<String> fixedCatalog) {
        this.fixedCatalog = fixedCatalog;
    }

    /** The statement's compiled query, compiled by {@code compiler} unless a reusable one is kept. */
    CompiledQuery get(String sql, String catalog, String schema, long maxRows, Supplier<CompiledQuery> compiler) {
        Key key = new Key(sql, catalog, schema, maxRows, generation.get());
        CompiledQuery kept = queries.getIfPresent(key);
        if (kept != null) {
            return kept;
        }
        CompiledQuery compiled = compiler.get();
        if (readsFixedTablesOnly(compiled.logical()) && key.generation() == generation.get()) {
            queries.put(key, compiled);
        }
        return compiled;
    }

    /** Drops every kept query: a catalog changed. */
    void invalidate() {
        generation.incrementAndGet();
        queries.invalidateAll();
    }

    /** How many compiled queries are kept, for tests. */
    long size() {
        queries.cleanUp();
        return queries.size();
    }

    private boolean readsFixedTablesOnly(RelNode rel) {
        if (rel instanceof TableScan scan) {
            ConnectorTable table = scan.getTable().unwrap(ConnectorTable.class);
            return table != null && (table.isSystem() || fixedCatalog.test(table.catalog()));
        }
        return rel.getInputs().stream().allMatch(this::readsFixedTablesOnly);
    }
}
