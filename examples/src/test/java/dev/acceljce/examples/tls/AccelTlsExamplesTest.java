package dev.acceljce.examples.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.examples.JettyHttpsServer;
import dev.acceljce.jsse.AccelJceTlsProvider;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.apache.catalina.startup.Tomcat;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs each AccelJCE-TLS example against a peer on SunJSSE over loopback (127.0.0.1, free ports),
 * servers stopped also when a check fails. AccelJCE-TLS carried the connection when its own
 * handshake count ({@link AccelTls#handshakes()}) went up: SunJSSE's handshakes do not count there,
 * and with AccelJCE-TLS on one side only, no count means it was not used. Where the example can
 * see the TLS session, its class is checked too.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS) // child JVMs and servers: generous for a loaded 2-core runner
class AccelTlsExamplesTest {
    private static final String SESSION = "dev.acceljce.jsse.AccelSslSession";
    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    static Path dir;

    private static Path store;
    private static KeyStore keys;
    private static PrivateKey key;
    private static X509Certificate[] chain;

    @BeforeAll
    static void certificate() throws Exception {
        store = JettyHttpsServer.selfSigned(dir, new String(PASSWORD)); // ECDSA P-256 for 127.0.0.1
        keys = AccelTls.load(store, PASSWORD);
        key = AccelTls.key(keys, PASSWORD);
        chain = AccelTls.chain(keys);
    }

    /** The peer: SunJSSE, trusting the example's certificate alone. */
    private static SSLContext sunJsseClient() throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS", "SunJSSE");
        ctx.init(null, AccelTls.trusting(chain), null);
        return ctx;
    }

    private static URI page(int port) {
        return URI.create("https://127.0.0.1:" + port + "/");
    }

    @Test
    void jettyServesOnAccelJceTls() throws Exception {
        long before = AccelTls.handshakes();
        Server jetty = JettyServer.start(0, store, new String(PASSWORD));
        try {
            HttpResponse<String> r = JdkClients.httpClient(page(JettyHttpsServer.port(jetty)), sunJsseClient());
            assertEquals(200, r.statusCode());
            assertEquals(JettyHttpsServer.PAGE, r.body());
        } finally {
            jetty.stop();
        }
        assertTrue(AccelTls.handshakes() > before, "Jetty's handshake was not AccelJCE-TLS's");
    }

    @Test
    void nettyHttp2ServerAndClientOnAccelJceTls() throws Exception {
        // the server on AccelJCE-TLS, the JDK's HttpClient on SunJSSE asking for HTTP/2
        long before = AccelTls.handshakes();
        try (NettyHttp2.Server server = NettyHttp2.start(0, key, chain, new AccelJceTlsProvider())) {
            HttpResponse<String> r = JdkClients.httpClient(page(server.port()), sunJsseClient());
            assertEquals(HttpClient.Version.HTTP_2, r.version(), "ALPN did not choose h2");
            assertTrue(r.body().startsWith(NettyHttp2.PAGE) && r.body().contains(SESSION), r.body());
        }
        long afterServer = AccelTls.handshakes();
        assertTrue(afterServer > before, "the Netty server's handshake was not AccelJCE-TLS's");

        // the client on AccelJCE-TLS, the same server on SunJSSE
        try (NettyHttp2.Server server = NettyHttp2.start(0, key, chain, null)) {
            NettyHttp2.Response r = NettyHttp2.get("127.0.0.1", server.port(), "/", new AccelJceTlsProvider(), chain);
            assertEquals("h2", r.alpn());
            assertEquals(200, r.status());
            assertTrue(r.body().startsWith(NettyHttp2.PAGE) && r.body().contains("sun.security.ssl"), r.body());
            assertEquals(SESSION, r.session().getClass().getName());
        }
        assertTrue(AccelTls.handshakes() > afterServer, "the Netty client's handshake was not AccelJCE-TLS's");
    }

    @Test
    void tomcatServesOnAccelJceTls() throws Exception {
        long before = AccelTls.handshakes();
        Tomcat tomcat = TomcatServer.start(0, Files.createDirectories(dir.resolve("tomcat")), keys, PASSWORD);
        try {
            int port = tomcat.getConnector().getLocalPort();
            HttpResponse<String> r = JdkClients.httpClient(page(port), sunJsseClient());
            assertEquals(200, r.statusCode());
            assertTrue(r.body().startsWith(TomcatServer.PAGE + " (TLS_"), r.body());
        } finally {
            TomcatServer.stop(tomcat);
        }
        assertTrue(AccelTls.handshakes() > before, "Tomcat's handshake was not AccelJCE-TLS's");
    }

    @Test
    void grpcServerAndClientOnAccelJceTls() throws Exception {
        long before = AccelTls.handshakes();
        io.grpc.Server server = GrpcGreeter.start(0, key, chain, new AccelJceTlsProvider());
        try {
            assertEquals("hello, SunJSSE", GrpcGreeter.say("127.0.0.1", server.getPort(), "SunJSSE", null, chain));
        } finally {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        long afterServer = AccelTls.handshakes();
        assertTrue(afterServer > before, "the gRPC server's handshake was not AccelJCE-TLS's");

        server = GrpcGreeter.start(0, key, chain, null);
        try {
            assertEquals(
                    "hello, AccelJCE-TLS",
                    GrpcGreeter.say("127.0.0.1", server.getPort(), "AccelJCE-TLS", new AccelJceTlsProvider(), chain));
        } finally {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        assertTrue(AccelTls.handshakes() > afterServer, "the gRPC client's handshake was not AccelJCE-TLS's");
    }

    @Test
    void jdkClientsOnAccelJceTls() throws Exception {
        Server jetty = JettyHttpsServer.start(0, store, new String(PASSWORD)); // SunJSSE
        try {
            URI uri = page(JettyHttpsServer.port(jetty));
            SSLContext ours = AccelTls.client(chain);
            long before = AccelTls.handshakes();
            HttpResponse<String> r = JdkClients.httpClient(uri, ours);
            assertEquals(JettyHttpsServer.PAGE, r.body());
            long afterHttpClient = AccelTls.handshakes();
            assertTrue(afterHttpClient > before, "HttpClient's handshake was not AccelJCE-TLS's");

            JdkClients.Fetched fetched = JdkClients.urlConnection(uri, ours);
            assertEquals(JettyHttpsServer.PAGE, fetched.body());
            assertEquals(SESSION, fetched.session().getClass().getName());
            assertTrue(
                    AccelTls.handshakes() > afterHttpClient, "HttpsURLConnection's handshake was not AccelJCE-TLS's");
        } finally {
            jetty.stop();
        }
    }

    /**
     * In a JVM of its own, started with the example's java.security file and nothing else; also
     * with AccelJCE-TLS named before AccelJCE (both providers must load in either order).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void defaultSslContextThroughJavaSecurity(boolean tlsProviderFirst) throws Exception {
        Path security = Path.of("acceljce-tls.security").toAbsolutePath();
        assertTrue(Files.isRegularFile(security), security.toString());
        if (tlsProviderFirst) {
            String swapped = Files.readString(security)
                    .replace("security.provider.1=AccelJCE\n", "security.provider.1=@\n")
                    .replace("security.provider.2=AccelJCE-TLS\n", "security.provider.2=AccelJCE\n")
                    .replace("security.provider.1=@\n", "security.provider.1=AccelJCE-TLS\n");
            assertTrue(swapped.contains("security.provider.1=AccelJCE-TLS\n"), swapped);
            Path reversed = Files.createTempFile("acceljce-tls-first", ".security");
            Files.writeString(reversed, swapped);
            reversed.toFile().deleteOnExit();
            security = reversed;
        }
        Server jetty = JettyHttpsServer.start(0, store, new String(PASSWORD)); // SunJSSE
        try {
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djava.security.properties=" + security,
                    "-Djavax.net.ssl.trustStore=" + store,
                    "-Djavax.net.ssl.trustStorePassword=" + new String(PASSWORD),
                    "-Djavax.net.ssl.trustStoreType=PKCS12",
                    "--enable-native-access=ALL-UNNAMED",
                    "-cp",
                    System.getProperty("java.class.path"),
                    DefaultContextMain.class.getName(),
                    page(JettyHttpsServer.port(jetty)).toString()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out;
            try {
                p.getOutputStream().close();
                out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(150, TimeUnit.SECONDS), "timed out:\n" + out);
            } finally {
                p.destroyForcibly();
            }
            System.out.print(out);
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("SSLContext.getDefault(): AccelJCE-TLS\n"), out);
            assertTrue(out.contains("MessageDigest SHA-256: AccelJCE\n"), out);
            assertTrue(out.contains("HttpsURLConnection: " + SESSION + ": " + JettyHttpsServer.PAGE.strip()), out);
            assertTrue(out.contains("HttpClient: 200: " + JettyHttpsServer.PAGE.strip()), out);
            // one handshake per client, each counted by AccelJCE-TLS in the child JVM
            assertTrue(out.contains("AccelJCE-TLS handshakes: 2\n"), out);
        } finally {
            jetty.stop();
        }
    }
}
