package io.aqueduct.server.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.eclipse.jetty.util.security.Credential;
import org.eclipse.jetty.util.security.Password;
import org.junit.jupiter.api.Test;

class TestPbkdf2Credential {
    private static final String ENCODED =
            PasswordHash.create("s3cret".toCharArray()).encoded();

    /** The realm file's {@code PBKDF2:} entries reach this class through Jetty's service lookup. */
    @Test
    void jettyFindsTheProvider() {
        assertThat(Credential.getCredential(ENCODED)).isInstanceOf(Pbkdf2Credential.class);
    }

    @Test
    void checksThePasswordInEachFormJettyPasses() {
        Credential credential = Credential.getCredential(ENCODED);

        assertThat(credential.check("s3cret")).isTrue();
        assertThat(credential.check("s3cret".toCharArray())).isTrue();
        assertThat(credential.check(new Password("s3cret"))).isTrue();
        assertThat(credential.check(42)).isFalse();
    }

    /** After a success the fast path must not let a different password through. */
    @Test
    void aWrongPasswordFailsBeforeAndAfterTheRightOne() {
        Credential credential = Credential.getCredential(ENCODED);

        assertThat(credential.check("wrong")).isFalse();
        assertThat(credential.check("s3cret")).isTrue();
        assertThat(credential.check("wrong")).isFalse();
        assertThat(credential.check("s3cret")).isTrue();
    }
}
