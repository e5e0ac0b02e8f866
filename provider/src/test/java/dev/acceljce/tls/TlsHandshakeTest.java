package dev.acceljce.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Counters;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.testing.AutoProfile;
import dev.acceljce.testing.Providers;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The strongest proof that AccelJCE serves TLS: with AccelJCE first and SunEC and SunRsaSign
 * removed from the provider list, SunJSSE clients and servers (in-process, an SSLEngine pair)
 * complete TLS 1.3 and TLS 1.2 handshakes for the groups x25519, secp256r1 and secp384r1 with
 * ECDSA P-256, RSA-2048 (PKCS#1 and PSS signature schemes) and Ed25519 certificates, and move
 * application data. AccelJCE's counters, read around each handshake, show that the key
 * agreement, the signatures (one sign on the server, one verify on the client) and the record
 * cipher were served on the native path, and that no AccelJCE service handed work to the JDK.
 *
 * <p>Services JSSE takes from providers AccelJCE does not replace (SunJCE's SunTls* key
 * generators for TLS 1.2, SUN's X.509 CertificateFactory and PKCS12 KeyStore, SunJSSE's own key
 * and trust managers) are listed in docs/tls.md.
 */
class TlsHandshakeTest {
    private static final char[] PASSWORD = TlsCase.PASSWORD;
    private static final List<String> REMOVED = List.of("SunEC", "SunRsaSign");
    private static final Map<String, Integer> POSITIONS = new TreeMap<>();
    private static final Map<String, Provider> SAVED = new TreeMap<>();
    private static final Map<String, SSLContext> CONTEXTS = new TreeMap<>();
    private static final Map<String, KeyStore> KEYSTORES = new TreeMap<>();

    @TempDir
    static Path dir;

    @BeforeAll
    static void installAcceljceAlone() throws Exception {
        Providers.requireNative();
        TlsCase.makeKeystores(dir);
        // Providers.ACCEL was constructed while SunEC and SunRsaSign were present (remembered)
        Provider[] list = Security.getProviders();
        for (int i = 0; i < list.length; i++) {
            if (REMOVED.contains(list[i].getName())) {
                POSITIONS.put(list[i].getName(), i + 1);
                SAVED.put(list[i].getName(), list[i]);
            }
        }
        REMOVED.forEach(Security::removeProvider);
        Security.insertProviderAt(Providers.ACCEL, 1);
        for (String alias : TlsCase.CERTIFICATES) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(dir.resolve(alias + ".p12"))) {
                ks.load(in, PASSWORD);
            }
            // the JDK's PKCS12 store now makes keys through AccelJCE's KeyFactory
            assertInstanceOf(AccelKey.class, ks.getKey(alias, PASSWORD), alias);
            assertInstanceOf(AccelKey.class, ks.getCertificate(alias).getPublicKey(), alias);
            // SunX509 reads the keys once, here: PKCS#12's PBKDF2 stays out of the measured window
            CONTEXTS.put(alias, TlsCase.context(ks, alias, null));
            KEYSTORES.put(alias, ks);
        }
    }

    @AfterAll
    static void restoreProviders() {
        Security.removeProvider(Providers.ACCEL.getName());
        POSITIONS.forEach((name, position) -> {
            if (Security.getProvider(name) == null) {
                Security.insertProviderAt(SAVED.get(name), position);
            }
        });
        for (String name : REMOVED) {
            assertNotNull(Security.getProvider(name), name + " restored");
        }
    }

    static Stream<TlsCase> handshakes() {
        return TlsCase.matrix().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("handshakes")
    void handshakeServedNatively(TlsCase c) throws Exception {
        String protocol = c.protocol();
        String agreement = c.agreement();
        String signature = c.signature();
        String suite = c.suite();
        String recordCipher = c.recordCipher();
        Map<String, Counters.Row> before = Counters.snapshot();
        SSLContext ctx = CONTEXTS.get(c.cert());
        SSLEngine client = engine(ctx, true, c);
        SSLEngine server = engine(ctx, false, c);
        EnginePair pair = new EnginePair(client, server);
        pair.handshake();
        assertEquals(protocol, client.getSession().getProtocol());
        assertEquals(suite, client.getSession().getCipherSuite());
        assertEquals(suite, server.getSession().getCipherSuite());
        byte[] request = "GET /balance HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] reply = new byte[20_000]; // more than one record
        java.util.Arrays.fill(reply, (byte) 'x');
        assertEquals(
                new String(request, StandardCharsets.US_ASCII),
                new String(pair.send(client, server, request), StandardCharsets.US_ASCII));
        assertEquals(reply.length, pair.send(server, client, reply).length);
        pair.close();

        Map<String, Counters.Row> after = Counters.snapshot();
        String what = c.toString();
        System.out.println(what + ": " + served(before, after));
        // the key agreement: one on each side
        assertTrue(nativeOps(before, after, "KeyAgreement." + agreement) >= 2, what + ": native key agreement");
        // the signature: signed by the server, verified by the client
        assertTrue(nativeOps(before, after, "Signature." + signature) >= 2, what + ": native sign and verify");
        // the record cipher: the handshake's encrypted messages and the application data
        assertTrue(nativeOps(before, after, "Cipher." + recordCipher) >= 4, what + ": native record cipher");
        assertTrue(
                nativeObjects(before, after, "KeyPairGenerator." + (agreement.equals("XDH") ? "XDH" : "EC")) >= 2,
                what + ": native ephemeral keys");
        assertNothingHandedToJdk(before, after, what);
    }

    /**
     * No AccelJCE service handed anything to the JDK between {@code before} and {@code after}
     * (AlgorithmParameters are pure data, forwarded to the JDK's by design: JSSE reads curve
     * parameters through them).
     */
    private static void assertNothingHandedToJdk(
            Map<String, Counters.Row> before, Map<String, Counters.Row> after, String what) {
        for (Map.Entry<String, Counters.Row> e : after.entrySet()) {
            if (e.getKey().startsWith("AlgorithmParameters.")) {
                continue;
            }
            Counters.Row b = before.get(e.getKey());
            long jdk = e.getValue().jdkObjects() - (b == null ? 0 : b.jdkObjects());
            assertEquals(0, jdk, what + ": " + e.getKey() + " went to the JDK");
        }
    }

    /** The SecureRandom sources an application may give SSLContext.init that keep handshakes native. */
    static Stream<String> strongSources() {
        return Stream.of("none", "new SecureRandom()", "SUN NativePRNG", "SUN DRBG", "AccelJCE DRBG");
    }

    private static SecureRandom source(String name) throws Exception {
        return switch (name) {
            case "none" -> null;
            case "new SecureRandom()" -> new SecureRandom(); // AccelJCE's DRBG here: AccelJCE is first
            case "SUN NativePRNG" -> SecureRandom.getInstance("NativePRNG", "SUN");
            case "SUN DRBG" -> SecureRandom.getInstance("DRBG", "SUN");
            case "AccelJCE DRBG" -> SecureRandom.getInstance("DRBG", Providers.ACCEL);
            case "SHA1PRNG" -> SecureRandom.getInstance("SHA1PRNG", "SUN");
            default -> throw new IllegalArgumentException(name);
        };
    }

    /**
     * SunJSSE draws the ephemeral key pairs of every handshake with the SecureRandom the context
     * was given (and RSA premaster secrets, which SunJCE serves anyway): the sources no different
     * from AccelJCE's own keep the whole handshake native (docs: CallerRandom's rule). TLS 1.3
     * and 1.2, x25519 and secp256r1, ECDSA and RSA-PSS signatures.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("strongSources")
    void handshakesWithAStrongContextSourceStayNative(String sourceName) throws Exception {
        for (TlsCase c : List.of(
                TlsCase.matrix().get(0),
                TlsCase.matrix().get(8),
                TlsCase.matrix().get(12))) {
            SSLContext ctx = TlsCase.context(KEYSTORES.get(c.cert()), c.cert(), source(sourceName));
            Map<String, Counters.Row> before = Counters.snapshot();
            EnginePair pair = new EnginePair(engine(ctx, true, c), engine(ctx, false, c));
            pair.handshake();
            pair.close();
            Map<String, Counters.Row> after = Counters.snapshot();
            String what = sourceName + ", " + c;
            String kpg = "KeyPairGenerator." + (c.agreement().equals("XDH") ? "XDH" : "EC");
            assertTrue(nativeObjects(before, after, kpg) >= 2, what + ": native ephemeral keys");
            assertTrue(nativeOps(before, after, "Signature." + c.signature()) >= 2, what + ": native signature");
            assertNothingHandedToJdk(before, after, what);
        }
    }

    /**
     * A context given a source unlike AccelJCE's (SHA1PRNG here) has its ephemeral key pairs made
     * by the JDK's generators with that source, counted on the JDK path; the handshake completes.
     */
    @Test
    void aContextWithItsOwnSourceHasItsEphemeralKeysMadeByTheJdk() throws Exception {
        TlsCase c = TlsCase.matrix().getFirst(); // TLS 1.3, x25519, ECDSA P-256
        SSLContext ctx = TlsCase.context(KEYSTORES.get(c.cert()), c.cert(), source("SHA1PRNG"));
        Map<String, Counters.Row> before = Counters.snapshot();
        EnginePair pair = new EnginePair(engine(ctx, true, c), engine(ctx, false, c));
        pair.handshake();
        pair.close();
        Map<String, Counters.Row> after = Counters.snapshot();
        Counters.Row a = after.get("KeyPairGenerator.XDH");
        Counters.Row b = before.get("KeyPairGenerator.XDH");
        long jdkOps = a.jdkOps() - (b == null ? 0 : b.jdkOps());
        assertEquals(2, jdkOps, "one ephemeral key pair per side, by the JDK");
        assertTrue(nativeOps(before, after, "Signature." + c.signature()) >= 2, "signatures (no source) stay native");
    }

    /**
     * Policy auto with GCM's crossover at 1 KiB: the same connection's small records (handshake
     * messages, the request) are sealed and opened on the JDK's path, its 16 KiB records on
     * OpenSSL's, because SunJSSE initialises its record cipher per record.
     */
    @Test
    void recordsUnderPolicyAutoTakeThePathTheirSizeCallsFor(@TempDir Path dir) throws Exception {
        AutoProfile.install(dir, "gcm = jdk:1024:native\n");
        try {
            Map<String, Counters.Row> before = Counters.snapshot();
            SSLContext ctx = CONTEXTS.get("ec");
            TlsCase c = TlsCase.matrix().getFirst(); // TLS 1.3, x25519, ECDSA P-256, AES-128-GCM
            SSLEngine client = engine(ctx, true, c);
            SSLEngine server = engine(ctx, false, c);
            EnginePair pair = new EnginePair(client, server);
            pair.handshake();
            byte[] request = "GET /balance HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
            byte[] reply = new byte[40_000]; // two full 16 KiB records and a smaller one
            new java.util.Random(5).nextBytes(reply);
            assertArrayEquals(request, pair.send(client, server, request));
            assertArrayEquals(reply, pair.send(server, client, reply));
            pair.close();
            Map<String, Counters.Row> after = Counters.snapshot();
            Counters.Row a = after.get("Cipher.AES/GCM/NoPadding");
            Counters.Row b = before.getOrDefault("Cipher.AES/GCM/NoPadding", a);
            long nativeOps = a.nativeOps() - (before.containsKey("Cipher.AES/GCM/NoPadding") ? b.nativeOps() : 0);
            long jdkOps = a.jdkOps() - (before.containsKey("Cipher.AES/GCM/NoPadding") ? b.jdkOps() : 0);
            // sealed and opened: 3 large records twice on OpenSSL; the request and the handshake's
            // encrypted messages (each side's Finished at least) twice on the JDK
            assertTrue(nativeOps >= 6, "native record operations: " + nativeOps);
            assertTrue(jdkOps >= 6, "JDK record operations: " + jdkOps);
        } finally {
            AutoProfile.remove();
        }
    }

    /** The AccelJCE services the handshake used, with native objects and operations. */
    private static String served(Map<String, Counters.Row> before, Map<String, Counters.Row> after) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Counters.Row> e : after.entrySet()) {
            Counters.Row b = before.get(e.getKey());
            long objects = e.getValue().nativeObjects() - (b == null ? 0 : b.nativeObjects());
            long ops = e.getValue().nativeOps() - (b == null ? 0 : b.nativeOps());
            if (objects != 0 || ops != 0) {
                sb.append(e.getKey())
                        .append(" (")
                        .append(objects)
                        .append(" objects, ")
                        .append(ops)
                        .append(" ops) ");
            }
        }
        return sb.toString().trim();
    }

    private static long nativeOps(Map<String, Counters.Row> before, Map<String, Counters.Row> after, String service) {
        Counters.Row a = after.get(service);
        Counters.Row b = before.get(service);
        return (a == null ? 0 : a.nativeOps()) - (b == null ? 0 : b.nativeOps());
    }

    private static long nativeObjects(
            Map<String, Counters.Row> before, Map<String, Counters.Row> after, String service) {
        Counters.Row a = after.get(service);
        Counters.Row b = before.get(service);
        return (a == null ? 0 : a.nativeObjects()) - (b == null ? 0 : b.nativeObjects());
    }

    private static SSLEngine engine(SSLContext ctx, boolean client, TlsCase c) {
        SSLEngine e = client ? ctx.createSSLEngine("localhost", 443) : ctx.createSSLEngine();
        e.setUseClientMode(client);
        e.setSSLParameters(c.restrict(e.getSSLParameters()));
        return e;
    }

    /** Two engines wired back to back through in-memory buffers. */
    private static final class EnginePair {
        private final SSLEngine client;
        private final SSLEngine server;
        private ByteBuffer toServer;
        private ByteBuffer toClient;

        EnginePair(SSLEngine client, SSLEngine server) {
            this.client = client;
            this.server = server;
            int net = Math.max(
                    client.getSession().getPacketBufferSize(),
                    server.getSession().getPacketBufferSize());
            toServer = ByteBuffer.allocate(4 * net);
            toClient = ByteBuffer.allocate(4 * net);
        }

        void handshake() throws Exception {
            client.beginHandshake();
            server.beginHandshake();
            ByteBuffer empty = ByteBuffer.allocate(0);
            ByteBuffer sink = ByteBuffer.allocate(client.getSession().getApplicationBufferSize() + 1024);
            for (int i = 0; i < 200 && !(done(client) && done(server)); i++) {
                step(client, empty, sink, true);
                step(server, empty, sink, false);
            }
            assertTrue(done(client) && done(server), "handshake did not finish");
            assertNull(null);
        }

        private static boolean done(SSLEngine e) {
            SSLEngineResult.HandshakeStatus s = e.getHandshakeStatus();
            return s == SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING
                    || s == SSLEngineResult.HandshakeStatus.FINISHED;
        }

        /** One round for one engine: run tasks, wrap what it has to send, unwrap what it received. */
        private void step(SSLEngine e, ByteBuffer empty, ByteBuffer sink, boolean isClient) throws Exception {
            Runnable task;
            while ((task = e.getDelegatedTask()) != null) {
                task.run();
            }
            ByteBuffer out = isClient ? toServer : toClient;
            ByteBuffer in = isClient ? toClient : toServer;
            SSLEngineResult r;
            do {
                r = e.wrap(empty, out);
                while ((task = e.getDelegatedTask()) != null) {
                    task.run();
                }
            } while (r.bytesProduced() > 0 && e.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP);
            in.flip();
            do {
                sink.clear();
                r = e.unwrap(in, sink);
                while ((task = e.getDelegatedTask()) != null) {
                    task.run();
                }
            } while (in.hasRemaining() && r.getStatus() == SSLEngineResult.Status.OK && r.bytesConsumed() > 0);
            in.compact();
        }

        /** Sends application data from one engine to the other; returns what arrived. */
        byte[] send(SSLEngine from, SSLEngine to, byte[] data) throws Exception {
            ByteBuffer src = ByteBuffer.wrap(data);
            ByteBuffer wire = from == client ? toServer : toClient;
            ByteBuffer received =
                    ByteBuffer.allocate(data.length + to.getSession().getApplicationBufferSize());
            while (src.hasRemaining()) {
                SSLEngineResult r = from.wrap(src, wire);
                assertEquals(SSLEngineResult.Status.OK, r.getStatus());
                wire.flip();
                while (wire.hasRemaining()) {
                    SSLEngineResult u = to.unwrap(wire, received);
                    assertEquals(SSLEngineResult.Status.OK, u.getStatus(), "unwrap " + u);
                    if (u.bytesConsumed() == 0) {
                        break;
                    }
                }
                wire.compact();
            }
            received.flip();
            byte[] out = new byte[received.remaining()];
            received.get(out);
            return out;
        }

        void close() throws Exception {
            client.closeOutbound();
            ByteBuffer empty = ByteBuffer.allocate(0);
            ByteBuffer sink = ByteBuffer.allocate(client.getSession().getApplicationBufferSize());
            for (int i = 0; i < 10 && !(client.isOutboundDone() && server.isOutboundDone()); i++) {
                step(client, empty, sink, true);
                step(server, empty, sink, false);
            }
        }
    }
}
