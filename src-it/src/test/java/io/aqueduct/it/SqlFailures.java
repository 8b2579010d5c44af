package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.sql.SQLException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Asserts that a JDBC call fails with an {@link SQLException} and hands it over for further checks. */
final class SqlFailures {
    private SqlFailures() {}

    static SQLException sqlFailure(ThrowingCallable call) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("the failure of the call").isInstanceOf(SQLException.class);
        return (SQLException) thrown;
    }
}
