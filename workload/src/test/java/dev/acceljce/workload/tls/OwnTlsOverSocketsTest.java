package dev.acceljce.workload.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.jsse.AccelJceTlsProvider;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManagerFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AccelJCE's own TLS stack through real loopback sockets, with other projects' TLS on the other
 * end: Jetty 12.1's connector on AccelJCE-TLS serving curl and OpenSSL's s_client (the system's,
 * OpenSSL 3.0) and the JDK's HttpClient on SunJSSE; and the JDK's HttpClient on AccelJCE-TLS (its
 * NIO SSLEngine use, ALPN included) fetching from Jetty on SunJSSE. Servers bind to 127.0.0.1 on
 * a free port and stop at the end, also on failure.
 */
class OwnTlsOverSocketsTest {
    private static final char[] PASSWORD = "changeit".toCharArray();
    private static final String BODY = "served over AccelJCE-TLS";

    @TempDir
    static Path dir;

    private static Path cacert;
    private static KeyStore keys;
    private static KeyStore trust;
    private static Server ours;
    private static Server jdk;

    @BeforeAll
    static void servers() throws Exception {
        Path store = dir.resolve("server.p12");
        run(List.of(
                keytool(),
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "san=dns:localhost,ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                new String(PASSWORD)));
        cacert = dir.resolve("server.pem");
        run(List.of(
                keytool(),
                "-exportcert",
                "-rfc",
                "-alias",
                "server",
                "-keystore",
                store.toString(),
                "-storepass",
                new String(PASSWORD),
                "-file",
                cacert.toString()));
        keys = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD);
        }
        trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("server", keys.getCertificate("server"));
        ours = jetty(context(new AccelJceTlsProvider(), true));
        jdk = jetty(context(null, true));
    }

    @AfterAll
    static void stop() throws Exception {
        for (Server s : new Server[] {ours, jdk}) {
            if (s != null) {
                s.stop();
            }
        }
    }

    private static String keytool() {
        return Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    }

    /** An SSLContext of AccelJCE-TLS ({@code provider}) or SunJSSE (null), server or client side. */
    private static SSLContext context(java.security.Provider provider, boolean server) throws Exception {
        SSLContext ctx =
                provider == null ? SSLContext.getInstance("TLS", "SunJSSE") : SSLContext.getInstance("TLS", provider);
        if (server) {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
            kmf.init(keys, PASSWORD);
            ctx.init(kmf.getKeyManagers(), null, null);
        } else {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(trust);
            ctx.init(null, tmf.getTrustManagers(), null);
        }
        return ctx;
    }

    private static Server jetty(SSLContext context) throws Exception {
        Server server = new Server();
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setSslContext(context);
        HttpConfiguration http = new HttpConfiguration();
        SecureRequestCustomizer src = new SecureRequestCustomizer();
        src.setSniHostCheck(false);
        http.addCustomizer(src);
        ServerConnector connector =
                new ServerConnector(server, new SslConnectionFactory(ssl, "http/1.1"), new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                var data = (org.eclipse.jetty.io.EndPoint.SslSessionData)
                        request.getAttribute(org.eclipse.jetty.io.EndPoint.SslSessionData.ATTRIBUTE);
                SSLSession session = data == null ? null : data.sslSession();
                response.getHeaders()
                        .put(
                                "X-TLS",
                                session == null ? "none" : session.getProtocol() + " " + session.getCipherSuite());
                response.write(true, java.nio.ByteBuffer.wrap(BODY.getBytes(StandardCharsets.UTF_8)), callback);
                return true;
            }
        });
        server.start();
        return server;
    }

    private static int port(Server s) {
        return ((ServerConnector) s.getConnectors()[0]).getLocalPort();
    }

    private static String run(List<String> cmd) throws IOException, InterruptedException {
        return run(cmd, null);
    }

    private static String run(List<String> cmd, String input) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (input != null) {
            p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + cmd);
        assertEquals(0, p.exitValue(), cmd + "\n" + out);
        return out;
    }

    private static boolean have(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    @ParameterizedTest(name = "curl over {0}")
    @ValueSource(strings = {"1.3", "1.2"})
    void curlFetchesFromJettyOnAccelJceTls(String version) throws Exception {
        assumeTrue(have("curl"), "curl is not installed (Debian package curl)");
        List<String> cmd = new ArrayList<>(List.of(
                "curl",
                "-sS",
                "--max-time",
                "30",
                "--cacert",
                cacert.toString(),
                "--resolve",
                "localhost:" + port(ours) + ":127.0.0.1",
                "-D",
                "-",
                "--tlsv" + version,
                "--tls-max",
                version,
                "https://localhost:" + port(ours) + "/"));
        String out = run(cmd);
        assertTrue(out.contains(BODY), out);
        assertTrue(out.contains("X-TLS: TLSv" + version), out);
    }

    @ParameterizedTest(name = "openssl s_client, group {0}")
    @ValueSource(strings = {"X25519", "P-256", "P-384"})
    void opensslClientVerifiesAndFetches(String group) throws Exception {
        assumeTrue(have("openssl"), "openssl is not installed (Debian package openssl)");
        String out = run(
                List.of(
                        "openssl",
                        "s_client",
                        "-connect",
                        "127.0.0.1:" + port(ours),
                        "-servername",
                        "localhost",
                        "-CAfile",
                        cacert.toString(),
                        "-verify_return_error",
                        "-groups",
                        group,
                        "-ign_eof"),
                "GET / HTTP/1.0\r\nHost: localhost\r\n\r\n");
        assertTrue(out.contains("Verify return code: 0 (ok)"), out);
        assertTrue(out.contains(BODY), out);
        String key = switch (group) {
            case "X25519" -> "Server Temp Key: X25519";
            case "P-256" -> "Server Temp Key: ECDH, prime256v1";
            default -> "Server Temp Key: ECDH, secp384r1";
        };
        assertTrue(out.contains(key), out);
    }

    @Test
    void jdkHttpClientOnSunJsseFetchesFromJettyOnAccelJceTls() throws Exception {
        HttpClient client = HttpClient.newBuilder()
                .sslContext(context(null, false))
                .connectTimeout(Duration.ofSeconds(20))
                .build();
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(URI.create("https://localhost:" + port(ours) + "/"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals(BODY, r.body());
        assertTrue(
                r.headers().firstValue("X-TLS").orElse("").startsWith("TLSv1.3 "),
                r.headers().toString());
    }

    @Test
    void jdkHttpClientOnAccelJceTlsFetchesFromJettyOnSunJsse() throws Exception {
        HttpClient client = HttpClient.newBuilder()
                .sslContext(context(new AccelJceTlsProvider(), false))
                .connectTimeout(Duration.ofSeconds(20))
                .build();
        for (int i = 0; i < 3; i++) { // a second and third request: a kept-alive or a resumed connection
            HttpResponse<String> r = client.send(
                    HttpRequest.newBuilder(URI.create("https://localhost:" + port(jdk) + "/"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertEquals(BODY, r.body());
        }
    }
}
