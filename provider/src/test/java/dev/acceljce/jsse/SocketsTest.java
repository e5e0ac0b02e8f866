package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.libssl.SslCallbacks;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * AccelJCE's {@code SSLSocket} and {@code SSLServerSocket} over real loopback sockets: against
 * SunJSSE's sockets both ways and against themselves, and under the JDK's own socket client
 * ({@code HttpsURLConnection}). Each case checks what SunJSSE's sockets do for the same: the
 * bytes, the session, the managers called with the socket, timeouts, half-close and close,
 * layered sockets, and failures closing the socket.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class SocketsTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";

    /** A server on loopback handling one connection on its own thread; closed by the test. */
    private static final class OneConnectionServer implements AutoCloseable {
        interface Handler {
            Object handle(SSLSocket s) throws Exception;
        }

        final SSLServerSocket socket;
        final CompletableFuture<Object> result = new CompletableFuture<>();

        OneConnectionServer(SSLContext ctx, Handler handler) throws IOException {
            this(ctx, s -> {}, handler);
        }

        OneConnectionServer(SSLContext ctx, java.util.function.Consumer<SSLServerSocket> setup, Handler handler)
                throws IOException {
            socket = (SSLServerSocket)
                    ctx.getServerSocketFactory().createServerSocket(0, 5, InetAddress.getLoopbackAddress());
            setup.accept(socket);
            Thread.ofPlatform().daemon().name("tls-test-server").start(() -> {
                try (SSLSocket s = (SSLSocket) socket.accept()) {
                    result.complete(handler.handle(s));
                } catch (Throwable t) {
                    result.completeExceptionally(t);
                }
            });
        }

        int port() {
            return socket.getLocalPort();
        }

        Object get() throws Exception {
            return result.get(60, TimeUnit.SECONDS);
        }

        Throwable failure() throws Exception {
            ExecutionException e = assertThrows(ExecutionException.class, () -> result.get(60, TimeUnit.SECONDS));
            return e.getCause();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private static SSLSocket connect(SSLContext ctx, int port) throws IOException {
        return (SSLSocket) ctx.getSocketFactory().createSocket("localhost", port);
    }

    /** Reads from {@code s} until EOF and writes every byte back; returns how many there were. */
    private static long echo(SSLSocket s) throws IOException {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        byte[] buf = new byte[8192];
        long total = 0;
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
            total += n;
        }
        return total;
    }

    private static byte[] readFully(InputStream in, int n) throws IOException {
        byte[] b = in.readNBytes(n);
        assertEquals(n, b.length, "bytes before EOF");
        return b;
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    static Stream<Arguments> sidesProtocolsAndKeys() {
        List<Arguments> out = new ArrayList<>();
        for (String[] sides : new String[][] {{OURS, OURS}, {OURS, JDK}, {JDK, OURS}}) {
            for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
                for (String kind : List.of("ec256", "rsa2048", "ed25519")) {
                    out.add(Arguments.of(sides[0], sides[1], protocol, kind));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}, {3}")
    @MethodSource("sidesProtocolsAndKeys")
    void dataCrossesBothWaysAndTheSessionsAgree(String clientStack, String serverStack, String protocol, String kind)
            throws Exception {
        SSLContext serverCtx = TlsPeers.context(serverStack, kind);
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        byte[] data = random(1 << 20); // 64 records of 16 KiB and change
        try (OneConnectionServer server = new OneConnectionServer(serverCtx, s -> {
            long n = echo(s);
            return new Object[] {n, s.getSession()};
        })) {
            try (SSLSocket client = connect(clientCtx, server.port())) {
                client.setEnabledProtocols(new String[] {protocol});
                OutputStream out = client.getOutputStream();
                CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                    try {
                        out.write(data, 0, 1000);
                        out.write(data, 1000, data.length - 1000);
                        client.shutdownOutput(); // TLS half-close: the server's read ends
                    } catch (IOException e) {
                        throw new RuntimeException(e);
                    }
                });
                byte[] back = readFully(client.getInputStream(), data.length);
                writer.get(60, TimeUnit.SECONDS);
                assertArrayEquals(data, back);
                SSLSession session = client.getSession();
                assertEquals(protocol, session.getProtocol());
                X509Certificate expected =
                        (X509Certificate) TlsPeers.keyStore(kind).getCertificate(kind);
                assertEquals(expected, session.getPeerCertificates()[0]);
                Object[] seen = (Object[]) server.get();
                assertEquals((long) data.length, seen[0]);
                SSLSession serverSession = (SSLSession) seen[1];
                assertEquals(session.getCipherSuite(), serverSession.getCipherSuite());
                assertEquals(protocol, serverSession.getProtocol());
            }
        }
    }

    /**
     * A reader that unwraps a record while the writer's shutdownOutput has queued close_notify
     * saw the engine ask to write, and then wrote to a transport whose output the writer had shut
     * meanwhile ("Socket output is shutdown"). Many small records from the server, and a
     * half-close at a different point each time, open that window often.
     */
    @Test
    void aHalfCloseDuringReadsNeverFailsTheReader() throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = TlsPeers.context(OURS, (String) null);
        byte[] chunk = random(64);
        int chunks = 400;
        for (int round = 0; round < 40; round++) {
            try (OneConnectionServer server = new OneConnectionServer(serverCtx, s -> {
                OutputStream out = s.getOutputStream();
                for (int i = 0; i < chunks; i++) {
                    out.write(chunk);
                }
                return s.getInputStream().read(); // the client's close_notify: -1
            })) {
                try (SSLSocket client = connect(clientCtx, server.port())) {
                    client.startHandshake();
                    InputStream in = client.getInputStream();
                    int closeAfter = 1 + round * chunks / 40;
                    long total = 0;
                    CompletableFuture<Void> halfClose = null;
                    for (int i = 0; i < chunks; i++) {
                        total += readFully(in, chunk.length).length;
                        if (i == closeAfter) {
                            halfClose = CompletableFuture.runAsync(() -> {
                                try {
                                    client.shutdownOutput();
                                } catch (IOException e) {
                                    throw new RuntimeException(e);
                                }
                            });
                        }
                    }
                    assertEquals((long) chunks * chunk.length, total);
                    assertNotNull(halfClose);
                    halfClose.get(60, TimeUnit.SECONDS);
                    assertEquals(-1, server.get());
                }
            }
        }
    }

    /** Records every manager call and the socket it was given, then does what the JDK's would. */
    private static final class Recorder {
        final List<Object> sockets = new CopyOnWriteArrayList<>();

        KeyManager[] keyManagers(String kind) throws Exception {
            X509ExtendedKeyManager real = (X509ExtendedKeyManager) TlsPeers.keyManagers(kind)[0];
            return new KeyManager[] {
                new X509ExtendedKeyManager() {
                    @Override
                    public String[] getClientAliases(String t, Principal[] i) {
                        return real.getClientAliases(t, i);
                    }

                    @Override
                    public String chooseClientAlias(String[] t, Principal[] i, Socket s) {
                        sockets.add(s);
                        return real.chooseClientAlias(t, i, s);
                    }

                    @Override
                    public String[] getServerAliases(String t, Principal[] i) {
                        return real.getServerAliases(t, i);
                    }

                    @Override
                    public String chooseServerAlias(String t, Principal[] i, Socket s) {
                        sockets.add(s);
                        return real.chooseServerAlias(t, i, s);
                    }

                    @Override
                    public String chooseEngineServerAlias(String t, Principal[] i, SSLEngine e) {
                        sockets.add(e);
                        return real.chooseEngineServerAlias(t, i, e);
                    }

                    @Override
                    public String chooseEngineClientAlias(String[] t, Principal[] i, SSLEngine e) {
                        sockets.add(e);
                        return real.chooseEngineClientAlias(t, i, e);
                    }

                    @Override
                    public X509Certificate[] getCertificateChain(String a) {
                        return real.getCertificateChain(a);
                    }

                    @Override
                    public PrivateKey getPrivateKey(String a) {
                        return real.getPrivateKey(a);
                    }
                }
            };
        }

        TrustManager[] trustManagers() throws Exception {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(TlsPeers.trustStore());
            X509ExtendedTrustManager real = (X509ExtendedTrustManager) tmf.getTrustManagers()[0];
            return new TrustManager[] {
                new X509ExtendedTrustManager() {
                    @Override
                    public void checkClientTrusted(X509Certificate[] c, String a, Socket s)
                            throws CertificateException {
                        sockets.add(s);
                        assertHandshakeSessionVisible(s);
                        real.checkClientTrusted(c, a, s);
                    }

                    @Override
                    public void checkServerTrusted(X509Certificate[] c, String a, Socket s)
                            throws CertificateException {
                        sockets.add(s);
                        assertHandshakeSessionVisible(s);
                        real.checkServerTrusted(c, a, s);
                    }

                    @Override
                    public void checkClientTrusted(X509Certificate[] c, String a, SSLEngine e)
                            throws CertificateException {
                        sockets.add(e);
                        real.checkClientTrusted(c, a, e);
                    }

                    @Override
                    public void checkServerTrusted(X509Certificate[] c, String a, SSLEngine e)
                            throws CertificateException {
                        sockets.add(e);
                        real.checkServerTrusted(c, a, e);
                    }

                    @Override
                    public void checkClientTrusted(X509Certificate[] c, String a) throws CertificateException {
                        sockets.add("no socket");
                        real.checkClientTrusted(c, a);
                    }

                    @Override
                    public void checkServerTrusted(X509Certificate[] c, String a) throws CertificateException {
                        sockets.add("no socket");
                        real.checkServerTrusted(c, a);
                    }

                    @Override
                    public X509Certificate[] getAcceptedIssuers() {
                        return real.getAcceptedIssuers();
                    }
                }
            };
        }

        private static void assertHandshakeSessionVisible(Socket s) throws CertificateException {
            if (!(s instanceof SSLSocket ssl) || ssl.getHandshakeSession() == null) {
                throw new CertificateException("no handshake session on " + s);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void managersAreGivenTheSocketAndClientAuthWorks(String protocol) throws Exception {
        Recorder serverSide = new Recorder(), clientSide = new Recorder();
        SSLContext serverCtx = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        serverCtx.init(serverSide.keyManagers("ec256"), serverSide.trustManagers(), null);
        SSLContext clientCtx = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        clientCtx.init(clientSide.keyManagers("client-ec256"), clientSide.trustManagers(), null);
        try (OneConnectionServer server = new OneConnectionServer(serverCtx, s -> s.setNeedClientAuth(true), s -> {
            s.getOutputStream().write(7);
            return new Object[] {s, s.getSession().getPeerCertificates()[0]};
        })) {
            try (SSLSocket client = connect(clientCtx, server.port())) {
                client.setEnabledProtocols(new String[] {protocol});
                assertEquals(7, client.getInputStream().read());
                Object[] seen = (Object[]) server.get();
                assertEquals(TlsPeers.keyStore("client-ec256").getCertificate("client-ec256"), seen[1]);
                // each side's key manager and trust manager were called, each time with its socket
                assertTrue(clientSide.sockets.size() >= 2, clientSide.sockets.toString());
                assertTrue(clientSide.sockets.stream().allMatch(x -> x == client), clientSide.sockets.toString());
                assertTrue(serverSide.sockets.size() >= 2, serverSide.sockets.toString());
                assertTrue(serverSide.sockets.stream().allMatch(x -> x == seen[0]), serverSide.sockets.toString());
            }
        }
    }

    static Stream<String> protocols() {
        return Stream.of("TLSv1.3", "TLSv1.2");
    }

    @ParameterizedTest(name = "{0} client")
    @MethodSource("clientStacks")
    void endpointIdentificationChecksTheNameTheSocketWasGiven(String clientStack) throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        // the certificate names localhost: the right name passes
        try (OneConnectionServer server =
                new OneConnectionServer(serverCtx, s -> s.getInputStream().read())) {
            try (SSLSocket client = connect(clientCtx, server.port())) {
                SSLParameters p = client.getSSLParameters();
                p.setEndpointIdentificationAlgorithm("HTTPS");
                client.setSSLParameters(p);
                client.startHandshake();
                client.getOutputStream().write(1);
            }
            assertEquals(1, server.get());
        }
        // a layered socket given another name fails as SunJSSE's does, and is closed
        try (OneConnectionServer server =
                new OneConnectionServer(serverCtx, s -> s.getInputStream().read())) {
            Socket plain = new Socket(InetAddress.getLoopbackAddress(), server.port());
            SSLSocket client =
                    (SSLSocket) clientCtx.getSocketFactory().createSocket(plain, "other.example", server.port(), true);
            SSLParameters p = client.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            client.setSSLParameters(p);
            SSLHandshakeException e = assertThrows(SSLHandshakeException.class, client::startHandshake);
            assertInstanceOf(CertificateException.class, rootCause(e), e.toString());
            assertTrue(client.isClosed(), "a failed handshake closes the socket");
            assertTrue(plain.isClosed(), "and its transport (autoClose)");
            assertInstanceOf(SSLException.class, server.failure(), "the server hears the alert");
        }
    }

    static Stream<String> clientStacks() {
        return Stream.of(OURS, JDK);
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    @Test
    void anUntrustedServerFailsBothSidesAndClosesTheSockets() throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        clientCtx.init(null, null, null); // the JDK's cacerts: our test certificate is not in it
        try (OneConnectionServer server =
                new OneConnectionServer(serverCtx, s -> s.getInputStream().read())) {
            SSLSocket client = connect(clientCtx, server.port());
            assertThrows(
                    SSLHandshakeException.class, () -> client.getOutputStream().write(1));
            assertTrue(client.isClosed());
            assertThrows(java.net.SocketException.class, client::getInputStream, "closed");
            Throwable serverSaw = server.failure();
            assertInstanceOf(SSLException.class, serverSaw, serverSaw.toString());
            // getSession after a failed handshake: an invalid session, no exception (as SunJSSE)
            assertFalse(client.getSession().isValid());
        }
    }

    /**
     * A key no provider can sign with: the handshake fails on our side, in a delegated task, where
     * libssl has no alert of its own to send; the peer must still hear one (SunJSSE's client
     * reports it), not a hang-up.
     */
    @Test
    void aKeyThatCannotSignEndsInAnAlertThePeerHears() throws Exception {
        X509ExtendedKeyManager real = (X509ExtendedKeyManager) TlsPeers.keyManagers("ec256")[0];
        PrivateKey unusable = new PrivateKey() {
            @Override
            public String getAlgorithm() {
                return "EC";
            }

            @Override
            public String getFormat() {
                return null;
            }

            @Override
            public byte[] getEncoded() {
                return null;
            }
        };
        KeyManager[] km = {
            new X509ExtendedKeyManager() {
                @Override
                public String[] getClientAliases(String t, Principal[] i) {
                    return null;
                }

                @Override
                public String chooseClientAlias(String[] t, Principal[] i, Socket s) {
                    return null;
                }

                @Override
                public String[] getServerAliases(String t, Principal[] i) {
                    return real.getServerAliases(t, i);
                }

                @Override
                public String chooseServerAlias(String t, Principal[] i, Socket s) {
                    return real.chooseServerAlias(t, i, s);
                }

                @Override
                public X509Certificate[] getCertificateChain(String a) {
                    return real.getCertificateChain(a);
                }

                @Override
                public PrivateKey getPrivateKey(String a) {
                    return unusable;
                }
            }
        };
        SSLContext serverCtx = TlsPeers.context(OURS, km);
        SSLContext clientCtx = TlsPeers.context(JDK, (String) null);
        try (OneConnectionServer server =
                new OneConnectionServer(serverCtx, s -> s.getInputStream().read())) {
            try (SSLSocket client = connect(clientCtx, server.port())) {
                SSLException e = assertThrows(SSLException.class, client::startHandshake);
                assertTrue(e.getMessage().contains("internal_error"), e.toString());
            }
            Throwable serverSaw = server.failure();
            assertInstanceOf(SSLHandshakeException.class, serverSaw, serverSaw.toString());
            assertInstanceOf(java.security.InvalidKeyException.class, rootCause(serverSaw), serverSaw.toString());
        }
    }

    @Test
    void theJdkHttpsClientRunsOverOurSocketFactory() throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = TlsPeers.context(OURS, (String) null);
        byte[] body = "hello from AccelJCE-TLS\n".getBytes(StandardCharsets.US_ASCII);
        try (OneConnectionServer server = new OneConnectionServer(serverCtx, s -> {
            InputStream in = s.getInputStream();
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            while (!request.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                request.write(b);
            }
            OutputStream out = s.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            return request.toString(StandardCharsets.US_ASCII);
        })) {
            HttpsURLConnection c = (HttpsURLConnection) URI.create("https://localhost:" + server.port() + "/x")
                    .toURL()
                    .openConnection();
            c.setSSLSocketFactory(clientCtx.getSocketFactory());
            assertEquals(200, c.getResponseCode());
            assertNotNull(c.getCipherSuite());
            try (InputStream in = c.getInputStream()) {
                assertArrayEquals(body, in.readAllBytes());
            }
            assertTrue(((String) server.get()).startsWith("GET /x HTTP/1.1"), (String) server.get());
            c.disconnect();
        }
    }

    @Test
    void aReadTimeoutLeavesTheSocketUsable() throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = TlsPeers.context(OURS, (String) null);
        CompletableFuture<Void> go = new CompletableFuture<>();
        try (OneConnectionServer server = new OneConnectionServer(serverCtx, s -> {
            s.getOutputStream().write(1);
            go.get(30, TimeUnit.SECONDS);
            s.getOutputStream().write(2);
            return s.getInputStream().read();
        })) {
            try (SSLSocket client = connect(clientCtx, server.port())) {
                InputStream in = client.getInputStream();
                assertEquals(1, in.read());
                client.setSoTimeout(200);
                assertThrows(SocketTimeoutException.class, in::read);
                go.complete(null);
                client.setSoTimeout(30_000);
                assertEquals(2, in.read());
                client.getOutputStream().write(3);
                assertEquals(3, server.get());
            }
        }
    }

    @Test
    void aLayeredSocketWithoutAutoCloseLeavesItsTransportOpen() throws Exception {
        SSLContext serverCtx = TlsPeers.context(JDK, "ec256");
        SSLContext clientCtx = TlsPeers.context(OURS, (String) null);
        try (OneConnectionServer server =
                new OneConnectionServer(serverCtx, s -> s.getInputStream().read())) {
            try (Socket plain = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                SSLSocket client =
                        (SSLSocket) clientCtx.getSocketFactory().createSocket(plain, "localhost", server.port(), false);
                client.startHandshake();
                client.close(); // close_notify: SunJSSE's server reads the end of the data
                assertTrue(client.isClosed());
                assertFalse(plain.isClosed(), "autoClose false: the transport stays the caller's");
                assertEquals(-1, server.get());
            }
        }
    }

    @Test
    void aServerOverBytesAlreadyReadTakesTheHandshakeFromThem() throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = TlsPeers.context(JDK, (String) null);
        try (java.net.ServerSocket listener = new java.net.ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Integer> served = CompletableFuture.supplyAsync(() -> {
                try (Socket plain = listener.accept()) {
                    // a server that peeks at the ClientHello's record header before choosing TLS
                    byte[] header = plain.getInputStream().readNBytes(5);
                    assertEquals(22, header[0], "a handshake record");
                    try (SSLSocket s = (SSLSocket)
                            serverCtx.getSocketFactory().createSocket(plain, new ByteArrayInputStream(header), true)) {
                        assertFalse(s.getUseClientMode());
                        int b = s.getInputStream().read();
                        s.getOutputStream().write(b + 1);
                        return b;
                    }
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            try (SSLSocket client = connect(clientCtx, listener.getLocalPort())) {
                client.getOutputStream().write(41);
                assertEquals(42, client.getInputStream().read());
            }
            assertEquals(41, served.get(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void listenersHearTheHandshakeAndTheSelectorChoosesTheProtocol() throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = TlsPeers.context(OURS, (String) null);
        List<List<String>> offered = new CopyOnWriteArrayList<>();
        try (OneConnectionServer server = new OneConnectionServer(serverCtx, s -> {
            s.setHandshakeApplicationProtocolSelector((sock, protocols) -> {
                offered.add(protocols);
                assertSame(s, sock, "the selector is given the socket");
                return "h2";
            });
            s.startHandshake();
            return s.getApplicationProtocol();
        })) {
            try (SSLSocket client = connect(clientCtx, server.port())) {
                SSLParameters p = client.getSSLParameters();
                p.setApplicationProtocols(new String[] {"h2", "http/1.1"});
                client.setSSLParameters(p);
                CompletableFuture<javax.net.ssl.HandshakeCompletedEvent> heard = new CompletableFuture<>();
                client.addHandshakeCompletedListener(heard::complete);
                client.startHandshake();
                javax.net.ssl.HandshakeCompletedEvent event = heard.get(30, TimeUnit.SECONDS);
                assertSame(client, event.getSocket());
                assertSame(client.getSession(), event.getSession());
                assertEquals("h2", client.getApplicationProtocol());
                assertEquals("h2", server.get());
                assertEquals(List.of(List.of("h2", "http/1.1")), offered);
            }
        }
    }

    static Stream<Arguments> sidesForKeyUpdate() {
        return Stream.of(Arguments.of(OURS, OURS), Arguments.of(OURS, JDK), Arguments.of(JDK, OURS));
    }

    /**
     * startHandshake after the handshake, in TLS 1.3: a KeyUpdate asking the peer for one too (as
     * SunJSSE's); the data after it crosses both ways under the new keys. Our TLS 1.2 refuses
     * (renegotiation).
     */
    @ParameterizedTest(name = "{0} client, {1} server")
    @MethodSource("sidesForKeyUpdate")
    void startHandshakeAgainUpdatesTheKeysInTls13(String clientStack, String serverStack) throws Exception {
        SSLContext serverCtx = TlsPeers.context(serverStack, "ec256");
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        byte[] data = random(100_000);
        try (OneConnectionServer server = new OneConnectionServer(serverCtx, s -> {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            out.write(in.read());
            out.write(readFully(in, data.length)); // under the client's new keys
            return in.read();
        })) {
            try (SSLSocket client = connect(clientCtx, server.port())) {
                InputStream in = client.getInputStream();
                OutputStream out = client.getOutputStream();
                out.write(5);
                assertEquals(5, in.read());
                client.startHandshake(); // the KeyUpdate
                out.write(data);
                assertArrayEquals(data, readFully(in, data.length), "the server's data under its new keys");
                assertEquals("TLSv1.3", client.getSession().getProtocol());
            }
            assertEquals(-1, server.get());
        }
        if (OURS.equals(clientStack) && OURS.equals(serverStack)) {
            try (OneConnectionServer server =
                    new OneConnectionServer(serverCtx, s -> s.getInputStream().read())) {
                try (SSLSocket client = connect(clientCtx, server.port())) {
                    client.setEnabledProtocols(new String[] {"TLSv1.2"});
                    client.startHandshake();
                    assertThrows(SSLException.class, client::startHandshake, "no renegotiation");
                }
            }
        }
    }

    @Test
    void anUnconnectedSocketLearnsItsPeerNameFromConnect() throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = TlsPeers.context(OURS, (String) null);
        // a dotted name (SunJSSE sends none for "localhost"), on loopback without a resolver
        InetAddress named = InetAddress.getByAddress(
                "tls.test", InetAddress.getLoopbackAddress().getAddress());
        try (OneConnectionServer server = new OneConnectionServer(
                serverCtx, s -> ((javax.net.ssl.ExtendedSSLSession) s.getSession()).getRequestedServerNames())) {
            try (SSLSocket client = (SSLSocket) clientCtx.getSocketFactory().createSocket()) {
                SSLParameters p = client.getSSLParameters();
                p.setApplicationProtocols(new String[] {"http/1.1"});
                client.setSSLParameters(p);
                assertThrows(java.net.SocketException.class, client::getInputStream, "not connected");
                client.connect(new InetSocketAddress(named, server.port()), 10_000);
                client.startHandshake();
                assertEquals("tls.test", client.getSession().getPeerHost());
                assertEquals(server.port(), client.getSession().getPeerPort());
                assertArrayEquals(
                        new String[] {"http/1.1"},
                        client.getSSLParameters().getApplicationProtocols(),
                        "what was set before connect stays");
            }
            assertEquals(List.of(new javax.net.ssl.SNIHostName("tls.test")), server.get(), "SNI sent");
        }
    }

    @Test
    void socketsFreeTheirNativeConnectionWhenClosed() throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLContext clientCtx = TlsPeers.context(OURS, (String) null);
        // Engines earlier tests dropped unclosed are freed by the Cleaner whenever a collection
        // runs: let those go first, so the count only moves with this test's own sockets.
        int before = settledRegistrations();
        List<SSLSocket> clients = new ArrayList<>(); // reachable: only close can free them
        for (int i = 0; i < 10; i++) {
            try (OneConnectionServer server =
                    new OneConnectionServer(serverCtx, s -> s.getInputStream().read())) {
                try (SSLSocket client = connect(clientCtx, server.port())) {
                    clients.add(client);
                    client.getOutputStream().write(i);
                    assertTrue(SslCallbacks.registered() > before, "registered while open");
                }
                assertEquals(i, server.get());
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (SslCallbacks.registered() > before && System.nanoTime() < deadline) {
            Thread.sleep(20); // the last server socket closes just after its result is in
        }
        assertTrue(
                SslCallbacks.registered() <= before,
                "every connection unregistered by close: " + SslCallbacks.registered() + " > " + before);
        assertEquals(10, clients.size());
    }

    /** The registration count once collections stop freeing anything (at most 5 s of trying). */
    private static int settledRegistrations() throws InterruptedException {
        int last = -1;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
            int now = SslCallbacks.registered();
            if (now == last) {
                return now;
            }
            last = now;
        }
        return SslCallbacks.registered();
    }
}
