package io.aqueduct.core.error;

/** Who is to blame for a failure: the query, the engine, the cluster's resources or the outside world. */
public enum ErrorType {
    USER,
    INTERNAL,
    INSUFFICIENT_RESOURCES,
    EXTERNAL
}
