package io.aqueduct.core.connector;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.skew.SkewConnector;
import io.aqueduct.core.splitcache.SplitCache;
import io.aqueduct.core.splitcache.SplitCachingConnector;
import io.aqueduct.core.tpch.TpchConnector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The connectors of a process, by catalog name. Coordinator and workers build the same registry. */
public final class ConnectorRegistry {
    private final Map<String, Connector> connectors = new LinkedHashMap<>();

    public ConnectorRegistry(List<Connector> connectors) {
        for (Connector connector : connectors) {
            this.connectors.put(connector.name(), connector);
        }
    }

    /** The catalogs every Aqueduct process has. */
    public static ConnectorRegistry builtIn() {
        return new ConnectorRegistry(List.of(new TpchConnector(), new SkewConnector()));
    }

    /** The same catalogs, the splits of those with {@linkplain Connector#deterministicSplits() deterministic} ones cached. */
    public ConnectorRegistry withSplitCache(SplitCache cache) {
        return new ConnectorRegistry(connectors.values().stream()
                .map(connector ->
                        connector.deterministicSplits() ? new SplitCachingConnector(connector, cache) : connector)
                .toList());
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
