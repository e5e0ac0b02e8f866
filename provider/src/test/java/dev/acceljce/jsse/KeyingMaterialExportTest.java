package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.SecretKey;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Keying-material exporters (RFC 5705, RFC 8446 7.5) on AccelJCE-TLS sessions against SunJSSE's:
 * both ends of every pairing export the same bytes for the same label, context and length, TLS
 * 1.3 and 1.2, full and resumed; every argument SunJSSE refuses is refused with the same exception
 * type; and what a session whose connection is gone does (ours refuses, SunJSSE's answers).
 */
class KeyingMaterialExportTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";

    /** Label, context (null: none) and length of one export. */
    private record Ask(String label, byte[] context, int length) {}

    private static final List<Ask> ASKS = List.of(
            new Ask("EXPORTER-Channel-Binding", null, 32),
            new Ask("EXPORTER-Channel-Binding", new byte[0], 32),
            new Ask("EXPORTER-acceljce-test", "a context".getBytes(StandardCharsets.UTF_8), 100),
            new Ask("x", new byte[255], 1),
            new Ask("EXPORTER-\u00e9t\u00e9", new byte[] {1, 2, 3}, 7 * 1024));

    static Stream<Arguments> pairings() {
        List<Arguments> out = new ArrayList<>();
        for (String[] s : new String[][] {{OURS, OURS}, {OURS, JDK}, {JDK, OURS}}) {
            for (String suite : List.of(
                    "TLS_AES_256_GCM_SHA384",
                    "TLS_AES_128_GCM_SHA256",
                    "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                    "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256")) {
                out.add(Arguments.of(s[0], s[1], suite));
            }
        }
        return out.stream();
    }

    private static String protocolOf(String suite) {
        return suite.contains("WITH") ? "TLSv1.2" : "TLSv1.3";
    }

    private static TlsPeers.Pair connect(SSLContext clientCtx, SSLContext serverCtx, String suite) throws Exception {
        SSLEngine client = clientCtx.createSSLEngine("localhost", 443);
        SSLEngine server = serverCtx.createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {protocolOf(suite)});
        client.setEnabledCipherSuites(new String[] {suite});
        server.setUseClientMode(false);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertArrayEquals("ok".getBytes(), pair.send(false, "ok".getBytes())); // brings TLS 1.3 tickets
        return pair;
    }

    private static ExtendedSSLSession session(SSLEngine e) {
        return (ExtendedSSLSession) e.getSession();
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}")
    @MethodSource("pairings")
    void bothEndsExportTheSameBytes(String clientStack, String serverStack, String suite) throws Exception {
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        SSLContext serverCtx = TlsPeers.context(serverStack, "ec256");
        TlsPeers.Pair first = connect(clientCtx, serverCtx, suite);
        assertEquals(suite, first.client.getSession().getCipherSuite());
        List<byte[]> firstExports = assertBothEndsAgree(first, suite);

        // a resumed connection exports from its own handshake: the same on both ends, not the first's
        first.closeFromClient();
        TlsPeers.Pair second = connect(clientCtx, serverCtx, suite);
        assertEquals(
                first.client.getSession().getCreationTime(),
                second.client.getSession().getCreationTime(),
                "the client resumed");
        List<byte[]> secondExports = assertBothEndsAgree(second, suite);
        for (int i = 0; i < firstExports.size(); i++) {
            assertFalse(Arrays.equals(firstExports.get(i), secondExports.get(i)), "a new connection, new keys");
        }
    }

    /** Every {@link #ASKS} on both ends: equal bytes, as data and as a key; returns the client's. */
    private static List<byte[]> assertBothEndsAgree(TlsPeers.Pair pair, String suite) throws Exception {
        ExtendedSSLSession c = session(pair.client), s = session(pair.server);
        List<byte[]> out = new ArrayList<>();
        for (Ask a : ASKS) {
            String what = a.label + " " + (a.context == null ? "null" : a.context.length) + " " + a.length;
            byte[] fromClient = c.exportKeyingMaterialData(a.label, a.context, a.length);
            byte[] fromServer = s.exportKeyingMaterialData(a.label, a.context, a.length);
            assertEquals(a.length, fromClient.length, what);
            assertArrayEquals(fromClient, fromServer, what);
            SecretKey key = s.exportKeyingMaterialKey("HmacSHA256", a.label, a.context, a.length);
            assertEquals("HmacSHA256", key.getAlgorithm());
            assertArrayEquals(fromClient, key.getEncoded(), what + " as a key");
            out.add(fromClient);
        }
        byte[] none = c.exportKeyingMaterialData("EXPORTER-x", null, 32);
        byte[] empty = s.exportKeyingMaterialData("EXPORTER-x", new byte[0], 32);
        byte[] other = s.exportKeyingMaterialData("EXPORTER-y", new byte[0], 32);
        assertFalse(Arrays.equals(empty, other), "another label, other bytes");
        if (suite.contains("WITH")) {
            assertFalse(Arrays.equals(none, empty), "RFC 5705: no context is not an empty context");
        } else {
            assertArrayEquals(none, empty, "RFC 8446: no context is an empty context");
        }
        return out;
    }

    /** One call with its arguments; what it throws (or null) is compared between the stacks. */
    private record Call(String name, Export call) {}

    @FunctionalInterface
    private interface Export {
        Object on(ExtendedSSLSession s) throws Exception;
    }

    private static final List<Call> CALLS = List.of(
            new Call("null label", s -> s.exportKeyingMaterialData(null, null, 32)),
            new Call("null label, key", s -> s.exportKeyingMaterialKey("AES", null, null, 32)),
            new Call("null key algorithm", s -> s.exportKeyingMaterialKey(null, "EXPORTER-x", null, 32)),
            new Call("empty key algorithm", s -> s.exportKeyingMaterialKey("", "EXPORTER-x", null, 32)),
            new Call("null key algorithm and label", s -> s.exportKeyingMaterialKey(null, null, null, 32)),
            new Call("empty label", s -> s.exportKeyingMaterialData("", null, 32)),
            new Call("length 0", s -> s.exportKeyingMaterialData("EXPORTER-x", null, 0)),
            new Call("length -1", s -> s.exportKeyingMaterialData("EXPORTER-x", null, -1)),
            new Call("null label, length 0", s -> s.exportKeyingMaterialData(null, null, 0)),
            new Call("length 255 * 32", s -> s.exportKeyingMaterialData("EXPORTER-x", null, 255 * 32)),
            new Call("length 255 * 32 + 1", s -> s.exportKeyingMaterialData("EXPORTER-x", null, 255 * 32 + 1)),
            new Call("length 255 * 48 + 1", s -> s.exportKeyingMaterialData("EXPORTER-x", null, 255 * 48 + 1)),
            new Call("length 100,000", s -> s.exportKeyingMaterialData("EXPORTER-x", null, 100_000)),
            new Call("label of 249 bytes", s -> s.exportKeyingMaterialData("L".repeat(249), null, 32)),
            new Call("label of 250 bytes", s -> s.exportKeyingMaterialData("L".repeat(250), null, 32)),
            new Call(
                    "label of 125 two-byte characters",
                    s -> s.exportKeyingMaterialData("\u00e9".repeat(125), null, 32)),
            new Call("label of 1,000 bytes", s -> s.exportKeyingMaterialData("L".repeat(1000), null, 32)),
            new Call("context of 255 bytes", s -> s.exportKeyingMaterialData("EXPORTER-x", new byte[255], 32)),
            new Call("context of 256 bytes", s -> s.exportKeyingMaterialData("EXPORTER-x", new byte[256], 32)),
            new Call("context of 65,535 bytes", s -> s.exportKeyingMaterialData("EXPORTER-x", new byte[65535], 32)),
            new Call("context of 65,536 bytes", s -> s.exportKeyingMaterialData("EXPORTER-x", new byte[65536], 32)),
            new Call("empty label, context of 65,536 bytes", s -> s.exportKeyingMaterialData("", new byte[65536], 32)),
            new Call("empty label, length 0", s -> s.exportKeyingMaterialData("", null, 0)));

    static Stream<Arguments> suites() {
        return Stream.of(
                Arguments.of("TLS_AES_128_GCM_SHA256"),
                Arguments.of("TLS_AES_256_GCM_SHA384"),
                Arguments.of("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"));
    }

    /** Every call on our established session and on SunJSSE's throws what SunJSSE's throws (or neither does). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("suites")
    void argumentChecksMatchSunJsse(String suite) throws Exception {
        TlsPeers.Pair ours = connect(TlsPeers.context(OURS, (String) null), TlsPeers.context(OURS, "ec256"), suite);
        TlsPeers.Pair jdk = connect(TlsPeers.context(JDK, (String) null), TlsPeers.context(JDK, "ec256"), suite);
        List<String> differences = new ArrayList<>();
        for (Call call : CALLS) {
            for (boolean client : List.of(true, false)) {
                String o = outcome(call.call, session(client ? ours.client : ours.server));
                String j = outcome(call.call, session(client ? jdk.client : jdk.server));
                if (!o.equals(j)) {
                    differences.add(
                            call.name + (client ? " (client)" : " (server)") + ": ours " + o + ", SunJSSE " + j);
                }
            }
        }
        assertEquals(List.of(), differences);
    }

    /** The class of what the call threw, or "returned". */
    private static String outcome(Export call, ExtendedSSLSession s) {
        try {
            assertNotNull(call.on(s));
            return "returned";
        } catch (Exception e) {
            return e.getClass().getName();
        }
    }

    @Test
    void sessionBeforeAndDuringTheHandshakeRefusesAsSunJsse() throws Exception {
        for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
            // before: getSession() of an engine that has not handshaken is SunJSSE's "NONE" session
            for (String stack : List.of(OURS, JDK)) {
                SSLEngine e = TlsPeers.context(stack, (String) null).createSSLEngine("localhost", 443);
                e.setUseClientMode(true);
                assertEquals(
                        "javax.net.ssl.SSLKeyException",
                        outcome(s -> s.exportKeyingMaterialData("EXPORTER-x", null, 32), session(e)),
                        stack);
                assertEquals(
                        "java.lang.NullPointerException",
                        outcome(s -> s.exportKeyingMaterialData(null, null, 32), session(e)),
                        stack);
            }
            // during: the handshake session a server's key manager would see, once the suite is chosen
            for (String stack : List.of(OURS, JDK)) {
                SSLEngine client = TlsPeers.context(JDK, (String) null).createSSLEngine("localhost", 443);
                SSLEngine server = TlsPeers.context(stack, "ec256").createSSLEngine();
                client.setUseClientMode(true);
                client.setEnabledProtocols(new String[] {protocol});
                server.setUseClientMode(false);
                ExtendedSSLSession during = handshakeSessionAfterServerHello(client, server);
                if (JDK.equals(stack)) {
                    assertEquals(protocol, during.getProtocol(), stack); // ours may not know it yet
                }
                // SunJSSE's TLS 1.2 handshake session answers from the ServerHello on (before the
                // master secret it exports from exists); ours refuses until the handshake finished
                boolean answers = JDK.equals(stack) && protocol.equals("TLSv1.2");
                assertEquals(
                        answers ? "returned" : "java.lang.IllegalStateException",
                        outcome(s -> s.exportKeyingMaterialData("EXPORTER-x", null, 32), during),
                        stack + " " + protocol);
            }
        }
    }

    /** Runs the client's hello into the server until the server has a flight to send; its handshake session. */
    private static ExtendedSSLSession handshakeSessionAfterServerHello(SSLEngine client, SSLEngine server)
            throws Exception {
        ByteBuffer hello = ByteBuffer.allocate(64 * 1024);
        client.wrap(ByteBuffer.allocate(0), hello);
        hello.flip();
        for (int i = 0; i < 20; i++) {
            switch (server.getHandshakeStatus()) {
                case NEED_UNWRAP, NOT_HANDSHAKING -> server.unwrap(hello, ByteBuffer.allocate(32 * 1024));
                case NEED_TASK -> {
                    Runnable t;
                    while ((t = server.getDelegatedTask()) != null) {
                        t.run();
                    }
                }
                case NEED_WRAP -> {
                    return (ExtendedSSLSession) server.getHandshakeSession();
                }
                default -> throw new AssertionError(server.getHandshakeStatus());
            }
        }
        throw new AssertionError("no server flight");
    }

    /**
     * SunJSSE keeps the exporter secrets in the session: it exports after the connection closed.
     * libssl keeps them in the connection, which an engine closed both ways frees: ours then
     * throws {@link IllegalStateException} (documented in docs/tls.md).
     */
    @Test
    void afterTheConnectionIsFreedOursRefusesWhereSunJsseAnswers() throws Exception {
        for (String suite : List.of("TLS_AES_128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256")) {
            TlsPeers.Pair pair = connect(TlsPeers.context(OURS, (String) null), TlsPeers.context(JDK, "ec256"), suite);
            ExtendedSSLSession ours = session(pair.client), jdk = session(pair.server);
            byte[] before = ours.exportKeyingMaterialData("EXPORTER-x", null, 32);
            assertArrayEquals(before, jdk.exportKeyingMaterialData("EXPORTER-x", null, 32));
            closeBothWays(pair);
            assertTrue(pair.client.isInboundDone() && pair.client.isOutboundDone());
            assertTrue(pair.server.isInboundDone() && pair.server.isOutboundDone());
            assertArrayEquals(before, jdk.exportKeyingMaterialData("EXPORTER-x", null, 32), "SunJSSE still answers");
            IllegalStateException e = assertThrows(
                    IllegalStateException.class, () -> ours.exportKeyingMaterialData("EXPORTER-x", null, 32));
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
            // the argument checks still come first, as in SunJSSE
            assertThrows(NullPointerException.class, () -> ours.exportKeyingMaterialData(null, null, 32));
            assertThrows(IllegalArgumentException.class, () -> ours.exportKeyingMaterialData("EXPORTER-x", null, 0));
        }
    }

    /** Both ends send close_notify and read the other's. */
    private static void closeBothWays(TlsPeers.Pair pair) throws Exception {
        pair.client.closeOutbound();
        pair.server.closeOutbound();
        for (int round = 0; round < 20; round++) {
            pump(pair.client, pair.toServer);
            pump(pair.server, pair.toClient);
            read(pair.server, pair.toServer);
            read(pair.client, pair.toClient);
        }
    }

    private static void pump(SSLEngine e, ByteBuffer out) throws Exception {
        if (!e.isOutboundDone()) {
            e.wrap(ByteBuffer.allocate(0), out);
        }
    }

    private static void read(SSLEngine e, ByteBuffer in) throws Exception {
        in.flip();
        try {
            while (in.hasRemaining() && !e.isInboundDone()) {
                SSLEngineResult r = e.unwrap(in, ByteBuffer.allocate(32 * 1024));
                if (r.bytesConsumed() == 0) {
                    break;
                }
            }
        } finally {
            in.compact();
        }
    }
}
