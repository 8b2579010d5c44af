package io.aqueduct.jdbc;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A parsed Aqueduct connection URL.
 *
 * <pre>{@code
 * AqueductUrl url = AqueductUrl.parse("jdbc:aqueduct://coordinator:8765/tpch/sf1?ssl=true");
 * url.host();       // "coordinator"
 * url.catalog();    // Optional[tpch]
 * url.parameters(); // {ssl=true}
 * }</pre>
 *
 * <p>Path segments, keys and values are percent-decoded as UTF-8; {@code +} stays a plus sign.
 * An IPv6 host keeps its brackets, as in {@link java.net.URI#getHost()}.
 */
public record AqueductUrl(
        String host, int port, Optional<String> catalog, Optional<String> schema, Map<String, String> parameters) {

    public static final String PREFIX = "jdbc:aqueduct:";
    public static final String TEMPLATE = "jdbc:aqueduct://host[:port][/catalog[/schema]][?key=value&...]";
    public static final int DEFAULT_PORT = 8765;

    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Pattern IPV6_HOST = Pattern.compile("\\[[0-9A-Fa-f:.]+]");
    private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");

    public AqueductUrl {
        requireNonNull(host, "host is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(schema, "schema is null");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** Host and port as written in messages, e.g. {@code coordinator:8765}. */
    public String address() {
        return host + ":" + port;
    }

    /**
     * Parses {@value #TEMPLATE}.
     *
     * @throws SQLException with SQLState 08001 when the URL is malformed
     */
    public static AqueductUrl parse(String url) throws SQLException {
        if (url == null || !url.startsWith(PREFIX + "//")) {
            throw ConnectionErrors.invalidUrl("it must start with " + PREFIX + "//");
        }
        String rest = url.substring(PREFIX.length() + 2);
        int queryStart = rest.indexOf('?');
        String query = queryStart < 0 ? "" : rest.substring(queryStart + 1);
        String hostPortPath = queryStart < 0 ? rest : rest.substring(0, queryStart);
        if (hostPortPath.contains(";")) {
            // Avatica's, H2's and SQL Server's URLs append properties after ';': say where they go here.
            throw ConnectionErrors.invalidUrl("';' does not start properties here: write ?key=value&key=value");
        }
        int pathStart = hostPortPath.indexOf('/');
        String authority = pathStart < 0 ? hostPortPath : hostPortPath.substring(0, pathStart);
        String path = pathStart < 0 ? "" : hostPortPath.substring(pathStart + 1);
        if (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1); // tolerate one trailing slash
        }

        if (authority.contains("@")) {
            // Never echoed: the part before '@' may hold a password.
            throw ConnectionErrors.invalidUrl(
                    "user info before the host is not supported; pass user and password as properties");
        }
        int portSeparator = authority.lastIndexOf(':');
        if (portSeparator < authority.lastIndexOf(']')) {
            portSeparator = -1; // the colons belong to an IPv6 address
        }
        String host = portSeparator < 0 ? authority : authority.substring(0, portSeparator);
        int port = portSeparator < 0 ? DEFAULT_PORT : parsePort(authority.substring(portSeparator + 1));
        if (host.isEmpty()) {
            throw ConnectionErrors.invalidUrl("the host is missing");
        }
        if (!HOST_NAME.matcher(host).matches() && !IPV6_HOST.matcher(host).matches()) {
            throw ConnectionErrors.invalidUrl("'" + host + "' is not a valid host");
        }

        List<String> segments = path.isEmpty() ? List.of() : List.of(path.split("/", -1));
        if (segments.size() > 2) {
            throw ConnectionErrors.invalidUrl("the path has more than catalog and schema");
        }
        if (segments.contains("")) {
            throw ConnectionErrors.invalidUrl("the path has an empty catalog or schema");
        }
        Optional<String> catalog =
                segments.isEmpty() ? Optional.empty() : Optional.of(decode(segments.get(0), "the catalog"));
        Optional<String> schema =
                segments.size() < 2 ? Optional.empty() : Optional.of(decode(segments.get(1), "the schema"));
        return new AqueductUrl(host, port, catalog, schema, parseQuery(query));
    }

    private static int parsePort(String text) throws SQLException {
        if (!PORT.matcher(text).matches()) {
            throw ConnectionErrors.invalidUrl("port '" + text + "' is not a number");
        }
        int port = Integer.parseInt(text);
        if (port < 1 || port > 65535) {
            throw ConnectionErrors.invalidUrl("port " + port + " is out of range 1-65535");
        }
        return port;
    }

    private static Map<String, String> parseQuery(String query) throws SQLException {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue; // "a=1&&b=2" and a trailing '&' are harmless
            }
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw ConnectionErrors.invalidUrl("'" + pair + "' in the query is not key=value");
            }
            String key = decode(pair.substring(0, equals), "a query key");
            String value = decode(pair.substring(equals + 1), "the value of '" + key + "'");
            if (parameters.put(key, value) != null) {
                throw ConnectionErrors.invalidUrl("'" + key + "' appears twice in the query");
            }
        }
        return parameters;
    }

    /** Percent-decodes UTF-8; names {@code what} (never the value itself, it may be a secret). */
    private static String decode(String text, String what) throws SQLException {
        StringBuilder decoded = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            if (text.charAt(i) != '%') {
                decoded.append(text.charAt(i++));
                continue;
            }
            // A run of escapes is decoded at once: one character may span several bytes.
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            while (i < text.length() && text.charAt(i) == '%') {
                int high = i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(text.charAt(i + 2), 16);
                if (low < 0) {
                    throw ConnectionErrors.invalidUrl("bad percent-escape in " + what);
                }
                bytes.write(high << 4 | low);
                i += 3;
            }
            try {
                decoded.append(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes.toByteArray())));
            } catch (CharacterCodingException e) {
                throw ConnectionErrors.invalidUrl("percent-escapes in " + what + " are not UTF-8");
            }
        }
        return decoded.toString();
    }
}
