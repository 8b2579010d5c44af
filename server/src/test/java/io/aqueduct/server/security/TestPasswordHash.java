package io.aqueduct.server.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestPasswordHash {
    private static final PasswordHash HASH = PasswordHash.create("s3cret".toCharArray());

    @Test
    void matchesOnlyItsPassword() {
        assertThat(HASH.matches("s3cret")).isTrue();
        assertThat(HASH.matches("s3cret ")).isFalse();
        assertThat(HASH.matches("")).isFalse();
    }

    @Test
    void roundTripsThroughItsText() {
        String encoded = HASH.encoded();

        assertThat(encoded).startsWith("PBKDF2:sha256:600000:").doesNotContain("s3cret");
        PasswordHash parsed = PasswordHash.parse(encoded);
        assertThat(parsed.iterations()).isEqualTo(PasswordHash.DEFAULT_ITERATIONS);
        assertThat(parsed.salt()).isEqualTo(HASH.salt());
        assertThat(parsed.matches("s3cret")).isTrue();
    }

    @Test
    void everyHashHasItsOwnSalt() {
        PasswordHash other = PasswordHash.create("s3cret".toCharArray());

        assertThat(other.salt()).isNotEqualTo(HASH.salt());
        assertThat(other.hash()).isNotEqualTo(HASH.hash());
    }

    @Test
    void refusesTextThatIsNotAHashWithoutEchoingIt() {
        for (String text :
                new String[] {"s3cret", "MD5:5ebe2294ecd0e0f08eab7690d2a6ee69", "PBKDF2:sha1:1000:AA==:AA=="}) {
            assertThatThrownBy(() -> PasswordHash.parse(text))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("the password is not a hash of the form PBKDF2:sha256:")
                    .hasMessageNotContaining(text);
        }
    }

    @Test
    void refusesTooFewIterations() {
        String weak = HASH.encoded().replace(":600000:", ":1000:");

        assertThatThrownBy(() -> PasswordHash.parse(weak))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("PBKDF2 iterations must be at least 10000, not 1000");
    }

    @Test
    void toStringHidesTheHash() {
        assertThat(HASH.toString()).isEqualTo("PasswordHash[PBKDF2-HMAC-SHA256, 600000 iterations]");
    }
}
