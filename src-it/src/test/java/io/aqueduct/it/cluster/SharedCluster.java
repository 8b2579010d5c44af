package io.aqueduct.it.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One {@link AqueductCluster} for every test class that declares {@code @ExtendWith(SharedCluster.class)}
 * and takes an {@code AqueductCluster} parameter: started on first use, kept in the root store and
 * closed (with its orphan check) when the whole run ends. After each test the workers must become
 * idle: no task left, no Arrow memory held. A cluster that fails this leak check is replaced for the
 * next test class, so one leak fails its own class and not every class after it.
 */
public final class SharedCluster implements ParameterResolver, AfterEachCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedCluster.class);
    private static final String LEAKED = "leaked";

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == AqueductCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        ExtensionContext.Store store = extensionContext.getRoot().getStore(NAMESPACE);
        if (store.remove(LEAKED) != null) {
            replace(store);
        }
        return store.getOrComputeIfAbsent(AqueductCluster.class, key -> start(), AqueductCluster.class);
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        AqueductCluster cluster = store.get(AqueductCluster.class, AqueductCluster.class);
        if (cluster == null) {
            return;
        }
        try {
            cluster.awaitWorkersIdle();
        } catch (AssertionError | RuntimeException e) {
            store.put(LEAKED, Boolean.TRUE);
            throw e;
        }
    }

    /** Closes the leaking cluster; its close failing (orphans) is reported by the test that triggers it. */
    private static void replace(ExtensionContext.Store store) {
        AqueductCluster leaking = store.remove(AqueductCluster.class, AqueductCluster.class);
        if (leaking != null) {
            try {
                leaking.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while closing the leaking shared cluster", e);
            }
        }
    }

    private static AqueductCluster start() {
        try {
            return AqueductCluster.builder().name("shared").start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting the shared cluster", e);
        }
    }
}
