package io.aqueduct.jdbc;

import org.apache.calcite.avatica.proto.Common;

/**
 * Tells whether Avatica runs relocated, as in the shaded jar, where its classes live under
 * {@code io.aqueduct.jdbc.shaded}. The protobuf descriptor keeps the package the messages were
 * generated in, which the shader does not rewrite; that is the package the wire protocol names.
 */
final class AvaticaRelocation {
    static final String WIRE_PROTO_PACKAGE = Common.getDescriptor().getOptions().getJavaPackage();
    static final String LOCAL_PROTO_PACKAGE = Common.class.getPackageName();

    private AvaticaRelocation() {}

    static boolean isRelocated() {
        return !WIRE_PROTO_PACKAGE.equals(LOCAL_PROTO_PACKAGE);
    }
}
