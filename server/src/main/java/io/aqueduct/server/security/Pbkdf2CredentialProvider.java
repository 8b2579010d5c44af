package io.aqueduct.server.security;

import org.eclipse.jetty.util.security.Credential;
import org.eclipse.jetty.util.security.CredentialProvider;

/**
 * Teaches Jetty's realm files the {@code PBKDF2:} credentials of {@link PasswordHash}; Jetty finds it
 * through {@code META-INF/services}.
 */
public final class Pbkdf2CredentialProvider implements CredentialProvider {
    @Override
    public Credential getCredential(String credential) {
        return new Pbkdf2Credential(PasswordHash.parse(credential));
    }

    @Override
    public String getPrefix() {
        return PasswordHash.PREFIX;
    }
}
