package io.aqueduct.server.cli;

import java.util.List;

/**
 * How production workers access Arrow buffers: without Arrow's bounds check per access and its NULL check
 * per {@code get}, which the engine's kernels do not rely on (they check validity themselves, within
 * lengths they computed). Tests run in-process with both checks on, so an out-of-bounds access fails there
 * instead of reading stray memory. Options given later on the command line, such as
 * {@code --worker-jvm-options="-Darrow.enable_unsafe_memory_access=false"}, override these.
 */
final class ArrowAccess {
    static final List<String> PRODUCTION_OPTIONS =
            List.of("-Darrow.enable_unsafe_memory_access=true", "-Darrow.enable_null_check_for_get=false");

    private ArrowAccess() {}
}
