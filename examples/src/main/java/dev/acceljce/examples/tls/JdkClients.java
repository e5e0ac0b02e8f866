package dev.acceljce.examples.tls;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;

/**
 * The JDK's two HTTPS clients on AccelJCE-TLS: {@code HttpClient.newBuilder().sslContext(ctx)}
 * (it drives the context's {@code SSLEngine}) and {@code HttpsURLConnection.setSSLSocketFactory(ctx.getSocketFactory())}
 * (it uses the context's {@code SSLSocket}), {@code ctx} from
 * {@code SSLContext.getInstance("TLS", "AccelJCE-TLS")}. To change every client of the JVM
 * instead, make AccelJCE-TLS the default context ({@link DefaultContextMain}).
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp ... dev.acceljce.examples.tls.JdkClients URL TRUSTSTORE.p12 PASSWORD
 * </pre>
 */
public final class JdkClients {
    private JdkClients() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: JdkClients https://HOST:PORT/PATH TRUSTSTORE.p12 PASSWORD");
            System.exit(2);
        }
        URI uri = URI.create(args[0]);
        var trusted =
                dev.acceljce.examples.NettyHttpsClient.trusted(java.nio.file.Path.of(args[1]), args[2].toCharArray());
        SSLContext tls = AccelTls.client(trusted);
        System.out.print("HttpClient: " + httpClient(uri, tls).body());
        Fetched page = urlConnection(uri, tls);
        System.out.print("HttpsURLConnection (" + page.session().getProtocol() + ", "
                + page.session().getClass().getName() + "): " + page.body());
    }

    /** GETs {@code uri} with the JDK's {@code HttpClient} over {@code tls}. */
    public static HttpResponse<String> httpClient(URI uri, SSLContext tls) throws Exception {
        try (HttpClient client = HttpClient.newBuilder()
                .sslContext(tls)
                .connectTimeout(Duration.ofSeconds(10))
                .build()) {
            HttpRequest request =
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build();
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        }
    }

    /** A page and the TLS session that carried it. */
    public record Fetched(String body, SSLSession session) {}

    /** GETs {@code uri} with {@code HttpsURLConnection} over {@code tls}'s sockets. */
    public static Fetched urlConnection(URI uri, SSLContext tls) throws Exception {
        HttpsURLConnection connection = (HttpsURLConnection) uri.toURL().openConnection();
        connection.setSSLSocketFactory(tls.getSocketFactory());
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(30_000);
        try (InputStream in = connection.getInputStream()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new Fetched(body, connection.getSSLSession().orElseThrow());
        } finally {
            connection.disconnect();
        }
    }
}
