package dev.acceljce.workload.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.acceljce.jsse.AccelJceTlsProvider;
import dev.acceljce.jsse.TlsStapling;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXRevocationChecker;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * OCSP stapling by AccelJCE-TLS's server, against OpenSSL 3.5's own responder ({@code openssl
 * ocsp}, one run per request behind an HTTP server on loopback) and a responder that never answers. A CA issues three
 * server certificates whose authority information access names a responder: one good, one
 * revoked, one at the silent responder. Clients (ours and SunJSSE's) check revocation by OCSP
 * alone and may not ask any responder themselves (theirs is a closed port), so only the staple
 * decides: good passes and shows the staple, revoked fails as REVOKED, and a silent responder
 * costs the handshake no more than {@code jdk.tls.stapling.responseTimeout}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServerStaplingTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";
    private static final char[] PASSWORD = "changeit".toCharArray();
    private static final long RESPONSE_TIMEOUT_MS = 1500;

    @TempDir
    static Path dir;

    private static Path openssl;
    private static HttpServer responder;
    private static final java.util.concurrent.atomic.AtomicInteger REQUESTS =
            new java.util.concurrent.atomic.AtomicInteger();
    private static ServerSocket silent;
    private static int responderPort;
    private static X509Certificate ca;

    @BeforeAll
    static void pkiAndResponder() throws Exception {
        assumeTrue(
                "Linux".equals(System.getProperty("os.name")) && "amd64".equals(System.getProperty("os.arch")),
                "build-openssl-tools.sh supports linux-x86_64 only");
        Path script = Path.of("").toAbsolutePath();
        while (script != null && !Files.exists(script.resolve("scripts/build-openssl-tools.sh"))) {
            script = script.getParent();
        }
        assertNotNull(script, "scripts/build-openssl-tools.sh not found");
        String out = run(
                List.of("bash", script.resolve("scripts/build-openssl-tools.sh").toString()), 3600);
        String[] lines = out.strip().split("\n");
        String last = lines[lines.length - 1];
        openssl = Path.of(last.substring(last.lastIndexOf(' ') + 1), "bin", "openssl");
        assertTrue(Files.isExecutable(openssl), out);

        silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress()); // accepts nothing, answers nothing
        // OpenSSL's responder, one `openssl ocsp -reqin` run per request behind a loopback HTTP
        // server (`openssl ocsp -port` would listen on every interface)
        responder = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        responder.createContext("/", ServerStaplingTest::answer);
        responder.start();
        responderPort = responder.getAddress().getPort();
        String o = openssl.toString();
        run(
                List.of(
                        o,
                        "req",
                        "-x509",
                        "-newkey",
                        "ec",
                        "-pkeyopt",
                        "ec_paramgen_curve:P-256",
                        "-nodes",
                        "-keyout",
                        p("ca.key"),
                        "-out",
                        p("ca.crt"),
                        "-subj",
                        "/CN=AccelJCE stapling test CA",
                        "-days",
                        "2",
                        "-addext",
                        "basicConstraints=critical,CA:TRUE",
                        "-addext",
                        "keyUsage=critical,keyCertSign,cRLSign"),
                60);
        issue("good", "0x1001", responderPort);
        issue("revoked", "0x1002", responderPort);
        issue("silent", "0x1003", silent.getLocalPort());
        var asn1 =
                java.time.format.DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(java.time.ZoneOffset.UTC);
        var now = java.time.Instant.now();
        String expires = asn1.format(now.plus(java.time.Duration.ofDays(3)));
        Files.writeString(
                dir.resolve("index.txt"),
                "V\t" + expires + "\t\t1001\tunknown\t/CN=localhost\n" + "R\t" + expires + "\t"
                        + asn1.format(now.minus(java.time.Duration.ofHours(1))) + "\t1002\tunknown\t/CN=localhost\n");
        try (var in = Files.newInputStream(dir.resolve("ca.crt"))) {
            ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    @AfterAll
    static void stop() throws IOException {
        if (responder != null) {
            responder.stop(0);
        }
        if (silent != null) {
            silent.close();
        }
    }

    /** One OCSP request answered by {@code openssl ocsp -reqin ... -index} (signed by the CA, valid 10 minutes). */
    private static void answer(HttpExchange x) throws IOException {
        try (x) {
            REQUESTS.incrementAndGet();
            Path req = Files.createTempFile(dir, "req", ".der"), resp = Files.createTempFile(dir, "resp", ".der");
            Files.write(req, x.getRequestBody().readAllBytes());
            run(
                    List.of(
                            openssl.toString(),
                            "ocsp",
                            "-reqin",
                            req.toString(),
                            "-index",
                            p("index.txt"),
                            "-rsigner",
                            p("ca.crt"),
                            "-rkey",
                            p("ca.key"),
                            "-CA",
                            p("ca.crt"),
                            "-nmin",
                            "10",
                            "-respout",
                            resp.toString()),
                    60);
            byte[] der = Files.readAllBytes(resp);
            x.getResponseHeaders().set("Content-Type", "application/ocsp-response");
            x.sendResponseHeaders(200, der.length);
            x.getResponseBody().write(der);
        } catch (InterruptedException | RuntimeException | AssertionError e) {
            x.sendResponseHeaders(500, -1);
        }
    }

    /** A server certificate (CN and SAN localhost) with serial {@code serial} whose responder is at {@code port}. */
    private static void issue(String name, String serial, int port) throws Exception {
        String o = openssl.toString();
        run(
                List.of(
                        o,
                        "req",
                        "-new",
                        "-newkey",
                        "ec",
                        "-pkeyopt",
                        "ec_paramgen_curve:P-256",
                        "-nodes",
                        "-keyout",
                        p(name + ".key"),
                        "-out",
                        p(name + ".csr"),
                        "-subj",
                        "/CN=localhost"),
                60);
        Files.writeString(
                dir.resolve(name + ".ext"),
                "subjectAltName=DNS:localhost,IP:127.0.0.1\nauthorityInfoAccess=OCSP;URI:http://127.0.0.1:" + port
                        + "/\n");
        run(
                List.of(
                        o,
                        "x509",
                        "-req",
                        "-in",
                        p(name + ".csr"),
                        "-CA",
                        p("ca.crt"),
                        "-CAkey",
                        p("ca.key"),
                        "-out",
                        p(name + ".crt"),
                        "-days",
                        "2",
                        "-set_serial",
                        serial,
                        "-extfile",
                        p(name + ".ext")),
                60);
    }

    /** A server context of ours presenting {@code name}'s certificate and the CA, made with {@code properties} set. */
    private static SSLContext server(String name, Map<String, String> properties) throws Exception {
        X509Certificate leaf;
        try (var in = Files.newInputStream(dir.resolve(name + ".crt"))) {
            leaf = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        String pem = Files.readString(dir.resolve(name + ".key"));
        PrivateKey key = KeyFactory.getInstance("EC")
                .generatePrivate(new PKCS8EncodedKeySpec(Base64.getMimeDecoder()
                        .decode(pem.replaceAll("-----[A-Z ]+-----", "").strip())));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("server", key, PASSWORD, new Certificate[] {leaf, ca});
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(ks, PASSWORD);
        properties.forEach(System::setProperty);
        try {
            SSLContext ctx = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
            ctx.init(kmf.getKeyManagers(), null, null);
            return ctx;
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
    }

    private static final Map<String, String> STAPLING = Map.of(
            "jdk.tls.server.enableStatusRequestExtension",
            "true",
            "jdk.tls.stapling.responseTimeout",
            String.valueOf(RESPONSE_TIMEOUT_MS));

    /**
     * A client of {@code stack} trusting the CA; with {@code ocsp}, it checks the leaf by OCSP
     * alone, its own responder a closed port: the staple is all it has.
     */
    private static SSLContext client(String stack, boolean ocsp) throws Exception {
        KeyStore anchors = KeyStore.getInstance("PKCS12");
        anchors.load(null, null);
        anchors.setCertificateEntry("ca", ca);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        if (ocsp) {
            PKIXBuilderParameters params = new PKIXBuilderParameters(anchors, new X509CertSelector());
            PKIXRevocationChecker ocspOnly = (PKIXRevocationChecker)
                    CertPathValidator.getInstance("PKIX").getRevocationChecker();
            ocspOnly.setOptions(
                    EnumSet.of(PKIXRevocationChecker.Option.ONLY_END_ENTITY, PKIXRevocationChecker.Option.NO_FALLBACK));
            int closed;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                closed = probe.getLocalPort();
            }
            ocspOnly.setOcspResponder(URI.create("http://127.0.0.1:" + closed + "/"));
            params.addCertPathChecker(ocspOnly);
            params.setRevocationEnabled(false);
            tmf.init(new CertPathTrustManagerParameters(params));
        } else {
            tmf.init(anchors);
        }
        SSLContext ctx = stack.equals(JDK)
                ? SSLContext.getInstance("TLS", "SunJSSE")
                : SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        ctx.init(null, tmf.getTrustManagers(), null);
        return ctx;
    }

    /** One connection over loopback sockets; returns what the client's session shows as stapled. */
    private static List<byte[]> connect(SSLContext server, SSLContext client, String protocol) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket)
                server.getServerSocketFactory().createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (SSLSocket s = (SSLSocket) listener.accept()) {
                    s.setSoTimeout(20_000);
                    s.startHandshake();
                    s.getOutputStream().write('x');
                    s.getOutputStream().flush();
                    s.getInputStream().read();
                } catch (IOException e) {
                    // the client's failure is what the test looks at
                }
            });
            try (SSLSocket c =
                    (SSLSocket) client.getSocketFactory().createSocket("localhost", listener.getLocalPort())) {
                c.setSoTimeout(20_000);
                c.setEnabledProtocols(new String[] {protocol});
                c.startHandshake();
                assertEquals('x', c.getInputStream().read());
                List<byte[]> staples = ((ExtendedSSLSession) c.getSession()).getStatusResponses();
                c.getOutputStream().write('y');
                c.getOutputStream().flush();
                return staples;
            } finally {
                served.get(20, TimeUnit.SECONDS);
            }
        }
    }

    @ParameterizedTest(name = "{0} client, {1}")
    @CsvSource({"AccelJCE-TLS, TLSv1.3", "AccelJCE-TLS, TLSv1.2", "SunJSSE, TLSv1.3", "SunJSSE, TLSv1.2"})
    void aGoodCertificatesResponseIsStapled(String stack, String protocol) throws Exception {
        SSLContext server = server("good", STAPLING);
        List<byte[]> staples = connect(server, client(stack, true), protocol);
        assertEquals(1, staples.size(), "one staple, the leaf's");
        assertTrue(staples.get(0).length > 100);
    }

    @ParameterizedTest(name = "{0} client, {1}")
    @CsvSource({"AccelJCE-TLS, TLSv1.3", "SunJSSE, TLSv1.3", "SunJSSE, TLSv1.2"})
    void aRevokedCertificateIsRefusedByItsStaple(String stack, String protocol) throws Exception {
        SSLContext server = server("revoked", STAPLING);
        SSLHandshakeException e =
                assertThrows(SSLHandshakeException.class, () -> connect(server, client(stack, true), protocol));
        CertPathValidatorException cpve = null;
        for (Throwable t = e; t != null && cpve == null; t = t.getCause()) {
            cpve = t instanceof CertPathValidatorException c ? c : null;
        }
        assertNotNull(cpve, () -> "no validator exception under " + e);
        assertEquals(CertPathValidatorException.BasicReason.REVOKED, cpve.getReason());
    }

    @ParameterizedTest(name = "{0} client")
    @CsvSource({"AccelJCE-TLS", "SunJSSE"})
    void withoutTheSystemPropertyNothingIsStapled(String stack) throws Exception {
        SSLContext server = server("good", Map.of());
        assertThrows(SSLHandshakeException.class, () -> connect(server, client(stack, true), "TLSv1.3"));
        assertEquals(List.of(), connect(server, client(stack, false), "TLSv1.3"));
    }

    @ParameterizedTest(name = "{0} client")
    @CsvSource({"AccelJCE-TLS", "SunJSSE"})
    void aSilentResponderCostsAtMostTheResponseTimeout(String stack) throws Exception {
        SSLContext server = server("silent", STAPLING);
        long start = System.nanoTime();
        List<byte[]> staples = connect(server, client(stack, false), "TLSv1.3");
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(List.of(), staples, "no staple");
        assertTrue(ms >= RESPONSE_TIMEOUT_MS - 100, "the server waited for the responder: " + ms + " ms");
        assertTrue(ms < RESPONSE_TIMEOUT_MS + 2500, "but no longer than its timeout: " + ms + " ms");
    }

    @Test
    void aResponseTheApplicationHandsInIsStapledAsItIs() throws Exception {
        Path given = dir.resolve("given.der");
        run(
                List.of(
                        openssl.toString(),
                        "ocsp",
                        "-issuer",
                        p("ca.crt"),
                        "-cert",
                        p("good.crt"),
                        "-url",
                        "http://127.0.0.1:" + responderPort + "/",
                        "-respout",
                        given.toString(),
                        "-noverify"),
                60);
        byte[] der = Files.readAllBytes(given);
        SSLContext server = server("good", Map.of()); // fetching off
        X509Certificate leaf;
        try (var in = Files.newInputStream(dir.resolve("good.crt"))) {
            leaf = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        TlsStapling.setResponse(server, leaf, der);
        for (String stack : List.of(OURS, JDK)) {
            List<byte[]> staples = connect(server, client(stack, true), "TLSv1.3");
            assertArrayEquals(der, staples.get(0), stack);
        }
        TlsStapling.removeResponse(server, leaf);
        assertEquals(List.of(), connect(server, client(OURS, false), "TLSv1.3"));
    }

    /**
     * Responses are cached for {@code jdk.tls.stapling.cacheLifetime} (10 s here) and fetched again
     * in the background once three quarters of it passed: the handshake at 7.8 s still gets the
     * first response (a fetch then would have a later producedAt), a later one the new response.
     */
    @Test
    void aCachedResponseIsRefreshedBeforeItExpires() throws Exception {
        Map<String, String> props = new java.util.HashMap<>(STAPLING);
        props.put("jdk.tls.stapling.cacheLifetime", "10");
        SSLContext server = server("good", props);
        SSLContext c1 = client(OURS, true), c2 = client(OURS, true);
        byte[] first = connect(server, c1, "TLSv1.3").get(0);
        long fetched = System.nanoTime();
        Thread.sleep(7800);
        byte[] cached = connect(server, c2, "TLSv1.3").get(0);
        assertTrue(System.nanoTime() - fetched < TimeUnit.SECONDS.toNanos(10), "the machine was too slow to tell");
        assertArrayEquals(first, cached, "served from the cache");
        byte[] refreshed = null;
        for (int i = 0; i < 20; i++) {
            Thread.sleep(100);
            refreshed = connect(server, client(OURS, true), "TLSv1.3").get(0);
            if (!java.util.Arrays.equals(first, refreshed)) {
                break;
            }
        }
        assertTrue(!java.util.Arrays.equals(first, refreshed), "fetched again before it expired");
    }

    private static String p(String name) {
        return dir.resolve(name).toString();
    }

    private static String run(List<String> cmd, int seconds) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("OPENSSL_CONF", "/dev/null");
        Process proc = pb.start();
        try {
            proc.getOutputStream().close();
            String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(proc.waitFor(seconds, TimeUnit.SECONDS), "timed out: " + cmd);
            assertEquals(0, proc.exitValue(), cmd + "\n" + out);
            return out;
        } finally {
            proc.destroyForcibly();
        }
    }
}
