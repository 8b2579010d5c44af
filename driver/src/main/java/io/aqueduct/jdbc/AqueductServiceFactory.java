package io.aqueduct.jdbc;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.util.Locale;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ConnectionConfig;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.RemoteService;
import org.apache.calcite.avatica.remote.Service;

/**
 * Creates the HTTP service of a connection. Avatica instantiates it by class name from the
 * {@code factory} connection property, which {@link ConnectionSettings} sets; it exists so that
 * protobuf messages go through {@link RelocatedProtobufTranslation} in the shaded jar and fetched rows
 * through {@link FetchResponseTranslation}, with the next frame of a result fetched ahead ({@link FetchAheadService}).
 */
public final class AqueductServiceFactory implements Service.Factory {
    @Override
    public Service create(AvaticaConnection connection) {
        ConnectionConfig config = connection.config();
        AvaticaHttpClient client =
                config.httpClientFactory().getClient(toUrl(config.url()), config, connection.getKerberosConnection());
        return switch (Serialization.valueOf(config.serialization().toUpperCase(Locale.ROOT))) {
            case PROTOBUF -> new FetchAheadService(client, protobufTranslation());
            case JSON -> new RemoteService(client);
        };
    }

    private static ProtobufTranslation protobufTranslation() {
        ProtobufTranslation avatica = new ProtobufTranslationImpl();
        if (AvaticaRelocation.isRelocated()) {
            avatica = new RelocatedProtobufTranslation(
                    avatica, AvaticaRelocation.LOCAL_PROTO_PACKAGE, AvaticaRelocation.WIRE_PROTO_PACKAGE);
        }
        return new FetchResponseTranslation(avatica);
    }

    private static URL toUrl(String url) {
        try {
            return URI.create(url).toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("Invalid server URL " + url, e);
        }
    }
}
