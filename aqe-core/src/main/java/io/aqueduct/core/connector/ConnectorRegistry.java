package io.aqueduct.core.connector;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.file.FileCatalog;
import io.aqueduct.core.file.FileConnector;
import io.aqueduct.core.memory.MemoryConnector;
import io.aqueduct.core.memory.MemoryStore;
import io.aqueduct.core.skew.SkewConnector;
import io.aqueduct.core.splitcache.SplitCache;
import io.aqueduct.core.splitcache.SplitCachingConnector;
import io.aqueduct.core.tpch.TpchConnector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The connectors of a process, by catalog name. Coordinator and workers build the same registry. */
public final class ConnectorRegistry {
    /** Names the coordinator gives its own schemas. */
    private static final Set<String> RESERVED_NAMES =
            Set.of("system", "sys", "information_schema", MemoryConnector.NAME);

    private final Map<String, Connector> connectors = new LinkedHashMap<>();

    public ConnectorRegistry(List<Connector> connectors) {
        for (Connector connector : connectors) {
            if (this.connectors.putIfAbsent(connector.name(), connector) != null) {
                throw new AqueductException(
                        ErrorCode.INVALID_ARGUMENT, "Catalog name '" + connector.name() + "' is already taken");
            }
        }
    }

    /** The catalogs every Aqueduct process has. */
    public static ConnectorRegistry builtIn() {
        return new ConnectorRegistry(List.of(new TpchConnector(), new SkewConnector(), new MemoryConnector()));
    }

    /** The built-in catalogs and a file catalog for each of {@code fileCatalogs}; fails if a directory is missing. */
    public static ConnectorRegistry withFileCatalogs(List<FileCatalog> fileCatalogs) {
        List<Connector> connectors = new ArrayList<>(builtIn().all());
        for (FileCatalog catalog : fileCatalogs) {
            if (RESERVED_NAMES.contains(catalog.name())) {
                throw new AqueductException(
                        ErrorCode.INVALID_ARGUMENT, "Catalog name '" + catalog.name() + "' is reserved");
            }
            connectors.add(new FileConnector(catalog));
        }
        return new ConnectorRegistry(connectors);
    }

    /** The same catalogs, the splits of those with {@linkplain Connector#deterministicSplits() deterministic} ones cached. */
    public ConnectorRegistry withSplitCache(SplitCache cache) {
        return new ConnectorRegistry(connectors.values().stream()
                .map(connector ->
                        connector.deterministicSplits() ? new SplitCachingConnector(connector, cache) : connector)
                .toList());
    }

    /** The same catalogs, the memory catalog's rows stored in and read from {@code store}: a worker's registry. */
    public ConnectorRegistry withMemoryStore(MemoryStore store) {
        return new ConnectorRegistry(connectors.values().stream()
                .map(connector -> connector instanceof MemoryConnector memory ? memory.withStore(store) : connector)
                .toList());
    }

    /** The memory catalog, which every registry has. */
    public MemoryConnector memory() {
        return (MemoryConnector) connector(MemoryConnector.NAME);
    }

    public List<Connector> all() {
        return List.copyOf(connectors.values());
    }

    public Connector connector(String catalog) {
        Connector connector = connectors.get(catalog);
        if (connector == null) {
            throw new AqueductException(ErrorCode.SCHEMA_NOT_FOUND, "Catalog '" + catalog + "' does not exist");
        }
        return connector;
    }
}
