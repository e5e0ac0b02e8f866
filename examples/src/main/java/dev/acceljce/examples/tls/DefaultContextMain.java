package dev.acceljce.examples.tls;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;

/**
 * Code that names no TLS stack at all, run with AccelJCE-TLS as the JVM's default
 * {@code SSLContext}: the provider listed first by a {@code java.security} file
 * ({@code examples/acceljce-tls.security}), nothing in the code.
 *
 * <pre>
 * java -Djava.security.properties=acceljce-tls.security -Djavax.net.ssl.trustStore=TRUST.p12 -Djavax.net.ssl.trustStorePassword=PASSWORD \
 *      --enable-native-access=ALL-UNNAMED -cp ... dev.acceljce.examples.tls.DefaultContextMain https://HOST:PORT/
 * </pre>
 *
 * It prints which provider serves {@code SSLContext.getDefault()} and a SHA-256, then fetches the
 * page with {@code HttpsURLConnection} and with {@code HttpClient.newHttpClient()}, each line naming
 * the TLS session's class, and AccelJCE-TLS's handshake count.
 */
public final class DefaultContextMain {
    private DefaultContextMain() {}

    public static void main(String[] args) throws Exception {
        URI uri = URI.create(args[0]);
        System.out.println("SSLContext.getDefault(): "
                + SSLContext.getDefault().getProvider().getName());
        System.out.println("MessageDigest SHA-256: "
                + MessageDigest.getInstance("SHA-256").getProvider().getName());

        HttpsURLConnection connection = (HttpsURLConnection) uri.toURL().openConnection();
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(30_000);
        try (InputStream in = connection.getInputStream()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            System.out.println("HttpsURLConnection: "
                    + connection.getSSLSession().orElseThrow().getClass().getName() + ": " + body);
        } finally {
            connection.disconnect();
        }

        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> page = client.send(
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            System.out.println(
                    "HttpClient: " + page.statusCode() + ": " + page.body().strip());
        }
        System.out.println("AccelJCE-TLS handshakes: " + AccelTls.handshakes());
    }
}
