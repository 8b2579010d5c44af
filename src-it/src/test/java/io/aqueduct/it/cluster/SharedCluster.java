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
 * idle: no task left, no Arrow memory held.
 */
public final class SharedCluster implements ParameterResolver, AfterEachCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedCluster.class);

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == AqueductCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return extensionContext.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(AqueductCluster.class, key -> start(), AqueductCluster.class);
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        AqueductCluster cluster = context.getRoot().getStore(NAMESPACE).get(AqueductCluster.class, AqueductCluster.class);
        if (cluster != null) {
            cluster.awaitWorkersIdle();
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
