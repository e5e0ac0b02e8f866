package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.ChildJvm;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JDK's deployment settings (the jdk.tls.client/server.protocols and .cipherSuites system
 * properties, the jdk.tls.disabledAlgorithms security property) honoured as SunJSSE honours them:
 * each case runs a JVM of its own with the setting, and there both stacks report what they enable
 * by default and which handshakes (each stack with itself) succeed; the two reports must match on
 * everything our stack supports.
 */
class DeploymentPropertiesTest {

    /** The report of one stack in a child JVM whose settings the test chose. */
    private static Map<String, String> report(String out, String stack) {
        Map<String, String> m = new TreeMap<>();
        for (String line : out.split("\n")) {
            if (line.startsWith(stack + " ")) {
                String rest = line.substring(stack.length() + 1);
                int eq = rest.indexOf('=');
                m.put(rest.substring(0, eq), rest.substring(eq + 1).trim());
            }
        }
        return m;
    }

    private static Map<String, Map<String, String>> run(List<String> jvmOptions, String disabledAdded)
            throws Exception {
        String out = ChildJvm.run(jvmOptions, Probe.class, 300, disabledAdded);
        Map<String, String> ours = report(out, "AccelJCE-TLS");
        Map<String, String> sun = report(out, "SunJSSE");
        assertTrue(ours.size() >= 2 && sun.size() >= 2, out);
        return Map.of("ours", ours, "sun", sun);
    }

    private static void assertSame(Map<String, Map<String, String>> r) {
        Map<String, String> sun = r.get("sun"), ours = r.get("ours");
        List<String> diffs = new ArrayList<>();
        for (String k : sun.keySet()) {
            if (!sun.get(k).equals(ours.get(k))) {
                diffs.add(k + ": SunJSSE " + sun.get(k) + ", ours " + ours.get(k));
            }
        }
        assertEquals(sun.keySet(), ours.keySet());
        assertTrue(diffs.isEmpty(), String.join("\n", diffs));
    }

    @Test
    void theDefaultsAgree() throws Exception {
        var r = run(List.of(), "");
        assertSame(r);
        assertEquals("ok TLSv1.3", r.get("ours").get("protocol TLSv1.2+TLSv1.3").split(" TLS_")[0]);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "TLSv1.3",
                "TLSv1.2",
                "x25519",
                "secp384r1, secp521r1",
                "CHACHA20_POLY1305",
                "ChaCha20-Poly1305",
                "AES_128_GCM",
                "AES_256_CBC",
                "TLS_ECDHE_ECDSA_*",
                "SHA384",
                "HmacSHA1",
                "ecdsa_secp256r1_sha256, ed25519",
                "rsa_pss_rsae_sha256 usage HandshakeSignature",
                "RSA keySize < 2048",
            })
    void disabledAlgorithmsAgree(String added) throws Exception {
        var r = run(List.of(), added);
        assertSame(r);
        // "RSA keySize < 2048" included: the RSA-1024 certificate is its own trust anchor, which
        // SunJSSE's trust manager does not hold to key sizes, and both stacks take it
        assertTrue(r.get("ours").get("certificate rsa1024").startsWith("ok"));
    }

    @Test
    void protocolPropertiesAgree() throws Exception {
        var r = run(List.of("-Djdk.tls.client.protocols=TLSv1.2", "-Djdk.tls.server.protocols=TLSv1.3,TLSv1.2"), "");
        assertSame(r);
        assertEquals("TLSv1.2", r.get("ours").get("client protocols"));
        assertTrue(
                r.get("ours").get("default").startsWith("ok TLSv1.2"),
                r.get("ours").toString());
    }

    @Test
    void disjointProtocolPropertiesFailAlike() throws Exception {
        var r = run(List.of("-Djdk.tls.client.protocols=TLSv1.2", "-Djdk.tls.server.protocols=TLSv1.3"), "");
        assertSame(r);
        assertEquals("fail", r.get("ours").get("default"));
    }

    @Test
    void anUnknownProtocolNameFailsTheContextAlike() throws Exception {
        var r = run(List.of("-Djdk.tls.client.protocols=TLSv1.2,TLSv9"), "");
        assertSame(r);
        assertTrue(
                r.get("ours").get("context").startsWith("fail"), r.get("ours").toString());
        assertEquals("ok", r.get("ours").get("context TLSv1.2"));
    }

    @Test
    void cipherSuitePropertiesAgree() throws Exception {
        var r = run(
                List.of(
                        "-Djdk.tls.client.cipherSuites=TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,NO_SUCH_SUITE,"
                                + "TLS_AES_128_GCM_SHA256,TLS_CHACHA20_POLY1305_SHA256",
                        "-Djdk.tls.server.cipherSuites=NO_SUCH_SUITE"),
                "");
        assertSame(r);
        assertEquals(
                "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,TLS_AES_128_GCM_SHA256,TLS_CHACHA20_POLY1305_SHA256",
                r.get("ours").get("client suites"));
        assertEquals("ok TLSv1.3 TLS_AES_128_GCM_SHA256", r.get("ours").get("default"));
    }

    /** The suite a server of {@code stack} picks from a client offering {@code offered}, its own order {@code mine}. */
    private static String chosen(String stack, String protocol, String[] offered, String[] mine, boolean serverOrder)
            throws Exception {
        SSLEngine c = TlsPeers.context(stack, (String) null).createSSLEngine("localhost", 443);
        c.setUseClientMode(true);
        c.setEnabledProtocols(new String[] {protocol});
        c.setEnabledCipherSuites(offered);
        SSLEngine s = TlsPeers.context(stack, "ec256").createSSLEngine();
        s.setUseClientMode(false);
        SSLParameters p = s.getSSLParameters();
        p.setCipherSuites(mine);
        p.setUseCipherSuitesOrder(serverOrder);
        s.setSSLParameters(p);
        new TlsPeers.Pair(c, s).handshake();
        return c.getSession().getCipherSuite();
    }

    @Test
    void aServerChoosesByItsOwnOrderAsSunJsseDoesInTls12() throws Exception {
        String[] offered = {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"};
        String[] mine = {"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"};
        for (boolean order : new boolean[] {true, false}) {
            String sun = chosen("SunJSSE", "TLSv1.2", offered, mine, order);
            assertEquals(order ? mine[0] : offered[0], sun, "SunJSSE, server order " + order);
            assertEquals(sun, chosen("AccelJCE-TLS", "TLSv1.2", offered, mine, order), "server order " + order);
        }
        SSLContext ours = TlsPeers.context("AccelJCE-TLS", "ec256");
        SSLContext sun = TlsPeers.context("SunJSSE", "ec256");
        assertEquals(
                sun.createSSLEngine().getSSLParameters().getUseCipherSuitesOrder(),
                ours.createSSLEngine().getSSLParameters().getUseCipherSuitesOrder());
    }

    /**
     * TLS 1.3: SunJSSE's server takes its own first suite; libssl's ignores the server's order and,
     * on a CPU with AES instructions, takes the client's first (a documented difference).
     */
    @Test
    void inTls13OurServerFollowsTheClientsOrderUnlikeSunJsse() throws Exception {
        String[] offered = {"TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384"};
        String[] mine = {"TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256"};
        assertEquals(mine[0], chosen("SunJSSE", "TLSv1.3", offered, mine, true));
        assertEquals(offered[0], chosen("AccelJCE-TLS", "TLSv1.3", offered, mine, true));
    }

    /** Every record a server sends fits the packet size it was given, as SunJSSE's do, and the data arrives whole. */
    @ParameterizedTest
    @ValueSource(strings = {"AccelJCE-TLS", "SunJSSE"})
    void recordsFitTheMaximumPacketSize(String stack) throws Exception {
        SSLEngine c = TlsPeers.context(stack, (String) null).createSSLEngine("localhost", 443);
        c.setUseClientMode(true);
        SSLEngine s = TlsPeers.context(stack, "ec256").createSSLEngine();
        s.setUseClientMode(false);
        SSLParameters p = s.getSSLParameters();
        p.setMaximumPacketSize(1024);
        s.setSSLParameters(p);
        assertEquals(1024, s.getSSLParameters().getMaximumPacketSize());
        TlsPeers.Pair pair = new TlsPeers.Pair(c, s);
        pair.handshake();
        // the server's session tickets and a first byte through the pair: what follows is data only
        assertEquals(1, pair.send(false, new byte[] {9}).length);
        assertEquals(0, pair.toClient.position());
        byte[] data = new byte[20_000];
        new java.util.Random(7).nextBytes(data);
        java.nio.ByteBuffer src = java.nio.ByteBuffer.wrap(data);
        java.nio.ByteBuffer received = java.nio.ByteBuffer.allocate(64 * 1024);
        int records = 0;
        while (src.hasRemaining()) {
            java.nio.ByteBuffer wire = java.nio.ByteBuffer.allocate(32 * 1024);
            javax.net.ssl.SSLEngineResult r = s.wrap(src, wire);
            assertEquals(javax.net.ssl.SSLEngineResult.Status.OK, r.getStatus());
            assertTrue(r.bytesProduced() <= 1024, stack + ": a record of " + r.bytesProduced() + " bytes");
            assertTrue(r.bytesConsumed() > 0);
            records++;
            wire.flip();
            while (wire.hasRemaining()) {
                javax.net.ssl.SSLEngineResult u = c.unwrap(wire, received);
                assertEquals(javax.net.ssl.SSLEngineResult.Status.OK, u.getStatus());
            }
        }
        assertTrue(records >= 20, stack + ": " + records + " records");
        byte[] got = new byte[received.position()];
        received.flip().get(got);
        assertTrue(java.util.Arrays.equals(data, got), stack + ": data arrived whole");
    }

    /** Run in a JVM of its own: {@code args[0]} is appended to jdk.tls.disabledAlgorithms before any context is made. */
    public static final class Probe {
        public static void main(String[] args) throws Exception {
            if (args.length > 0 && !args[0].isBlank()) {
                Security.setProperty(
                        "jdk.tls.disabledAlgorithms",
                        Security.getProperty("jdk.tls.disabledAlgorithms") + ", " + args[0]);
            }
            for (String stack : List.of("AccelJCE-TLS", "SunJSSE")) {
                probe(stack);
            }
        }

        private static void print(String stack, String key, String value) {
            System.out.println(stack + " " + key + "=" + value);
        }

        private static String onlyOurs(String[] names, List<String> ours) {
            List<String> out = new ArrayList<>();
            for (String n : names) {
                if (ours.contains(n)) {
                    out.add(n);
                }
            }
            return String.join(",", out);
        }

        private static void probe(String stack) throws Exception {
            SSLContext ctx;
            try {
                ctx = TlsPeers.context(stack, "ec256");
                print(stack, "context", "ok");
            } catch (Exception e) {
                print(stack, "context", "fail");
                ctx = null;
            }
            try {
                SSLContext c = "SunJSSE".equals(stack)
                        ? SSLContext.getInstance("TLSv1.2", "SunJSSE")
                        : SSLContext.getInstance("TLSv1.2", new AccelJceTlsProvider());
                c.init(null, null, null);
                print(stack, "context TLSv1.2", "ok");
            } catch (Exception e) {
                print(stack, "context TLSv1.2", "fail");
            }
            if (ctx == null) {
                return;
            }
            for (boolean client : new boolean[] {true, false}) {
                SSLEngine e = ctx.createSSLEngine();
                e.setUseClientMode(client);
                String side = client ? "client" : "server";
                print(stack, side + " protocols", onlyOurs(e.getEnabledProtocols(), TlsNames.PROTOCOLS));
                // SunJSSE also enables CBC suites by default, we do not: compare ours
                print(stack, side + " suites", onlyOurs(e.getEnabledCipherSuites(), TlsNames.defaultSuites()));
            }
            print(stack, "default", handshake(stack, "ec256", p -> {}));
            print(
                    stack,
                    "protocol TLSv1.2+TLSv1.3",
                    handshake(stack, "ec256", p -> p.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"})));
            for (String v : TlsNames.PROTOCOLS) {
                print(stack, "protocol " + v, handshake(stack, "ec256", p -> p.setProtocols(new String[] {v})));
            }
            for (String s : TlsNames.supportedSuites()) {
                String kind = s.contains("_RSA_") ? "rsa2048" : "ec256";
                String protocol = TlsNames.isTls13Suite(s) ? "TLSv1.3" : "TLSv1.2";
                print(stack, "suite " + s, handshake(stack, kind, p -> {
                    p.setProtocols(new String[] {protocol});
                    p.setCipherSuites(new String[] {s});
                }));
            }
            for (String g : List.of("x25519", "secp256r1", "secp384r1", "secp521r1")) {
                for (String v : TlsNames.PROTOCOLS) {
                    print(stack, "group " + g + " " + v, handshake(stack, "ec256", p -> {
                        p.setProtocols(new String[] {v});
                        p.setNamedGroups(new String[] {g});
                    }));
                }
            }
            for (String[] c : List.of(
                    new String[] {"ecdsa_secp256r1_sha256", "ec256", "TLSv1.3"},
                    new String[] {"ed25519", "ed25519", "TLSv1.3"},
                    new String[] {"rsa_pss_rsae_sha256", "rsa2048", "TLSv1.3"},
                    new String[] {"rsa_pss_rsae_sha256", "rsa2048", "TLSv1.2"},
                    new String[] {"rsa_pkcs1_sha256", "rsa2048", "TLSv1.2"})) {
                print(stack, "scheme " + c[0] + " " + c[2], handshake(stack, c[1], p -> {
                    p.setProtocols(new String[] {c[2]});
                    p.setSignatureSchemes(new String[] {c[0]});
                }));
            }
            print(stack, "certificate rsa1024", handshake(stack, "rsa1024", p -> {}));
        }

        private static int port = 1000;

        private static final Map<String, SSLContext> CONTEXTS = new java.util.HashMap<>();

        private static SSLContext cached(String stack, String kind) throws Exception {
            String key = stack + "/" + kind;
            SSLContext c = CONTEXTS.get(key);
            if (c == null) {
                c = TlsPeers.context(stack, kind);
                CONTEXTS.put(key, c);
            }
            return c;
        }

        /** A handshake between two engines of {@code stack}, both sides' parameters changed by {@code f}: "ok protocol suite" or "fail". */
        private static String handshake(String stack, String serverKind, java.util.function.Consumer<SSLParameters> f) {
            try {
                SSLContext server = cached(stack, serverKind);
                SSLContext client = cached(stack, null);
                // a port of its own each time: no session of an earlier handshake is resumed
                SSLEngine c = client.createSSLEngine("localhost", ++port);
                c.setUseClientMode(true);
                SSLParameters p = c.getSSLParameters();
                f.accept(p);
                c.setSSLParameters(p);
                SSLEngine s = server.createSSLEngine();
                s.setUseClientMode(false);
                SSLParameters sp = s.getSSLParameters();
                f.accept(sp);
                s.setSSLParameters(sp);
                TlsPeers.Pair pair = new TlsPeers.Pair(c, s);
                pair.handshake();
                pair.send(true, new byte[] {1, 2, 3});
                return "ok " + c.getSession().getProtocol() + " "
                        + c.getSession().getCipherSuite();
            } catch (Throwable t) {
                return "fail";
            }
        }
    }
}
