package dev.acceljce.fuzz;

import dev.acceljce.jsse.AccelJceTlsProvider;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * Real handshakes for the TLS fuzz targets to stop in: a scenario (protocol, group, certificate
 * kind), the side under test (AccelJCE-TLS as client or server) and its peer's stack (SunJSSE or
 * AccelJCE-TLS). {@link #run} plays the handshake flight by flight and hands the flight the side
 * under test is about to read at a chosen step to a mutator: the fuzzed bytes reach
 * {@code unwrap} in that handshake state (step 0: the first flight; after the last: an
 * established connection).
 */
final class TlsStates {
    record Scenario(String protocol, String group, String kind) {
        @Override
        public String toString() {
            return protocol + "-" + group + "-" + kind;
        }
    }

    /** Scenarios: the groups and certificate kinds both peers serve (SunJSSE has no X25519MLKEM768 on JDK 25). */
    static final List<Scenario> SCENARIOS = List.of(
            new Scenario("TLSv1.3", "x25519", "ec256"),
            new Scenario("TLSv1.3", "X25519MLKEM768", "ec256"),
            new Scenario("TLSv1.3", "secp256r1", "rsa2048"),
            new Scenario("TLSv1.3", "x25519", "ed25519"),
            new Scenario("TLSv1.2", "secp256r1", "ec256"),
            new Scenario("TLSv1.2", "x25519", "rsa2048"));

    static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";

    private static final Map<String, SSLContext> SERVERS = new HashMap<>();
    private static final Map<String, SSLContext> CLIENTS = new HashMap<>();

    static {
        try {
            Path dir = Files.createTempDirectory("acceljce-tls-states");
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            Map<String, KeyStore> keys = new HashMap<>();
            for (String kind : List.of("ec256", "rsa2048", "ed25519")) {
                KeyStore ks = keytool(dir, kind);
                keys.put(kind, ks);
                trust.setCertificateEntry(kind, ks.getCertificate(kind));
            }
            Files.deleteIfExists(dir);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(trust);
            for (String stack : List.of(OURS, JDK)) {
                SSLContext c = context(stack);
                c.init(null, tmf.getTrustManagers(), null);
                CLIENTS.put(stack, c);
                for (String kind : keys.keySet()) {
                    KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
                    kmf.init(keys.get(kind), "fuzzfuzz".toCharArray());
                    SSLContext s = context(stack);
                    s.init(kmf.getKeyManagers(), null, null);
                    SERVERS.put(stack + kind, s);
                }
            }
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private TlsStates() {}

    private static SSLContext context(String stack) throws Exception {
        return JDK.equals(stack)
                ? SSLContext.getInstance("TLS", "SunJSSE")
                : SSLContext.getInstance("TLS", new AccelJceTlsProvider());
    }

    private static KeyStore keytool(Path dir, String kind) throws Exception {
        Path store = dir.resolve(kind + ".p12");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                kind,
                "-dname",
                "CN=localhost",
                "-ext",
                "san=dns:localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                "fuzzfuzz"));
        cmd.addAll(
                switch (kind) {
                    case "ec256" -> List.of("-keyalg", "EC", "-groupname", "secp256r1");
                    case "rsa2048" -> List.of("-keyalg", "RSA", "-keysize", "2048");
                    default -> List.of("-keyalg", "Ed25519");
                });
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("keytool failed for " + kind);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store)) {
            ks.load(in, "fuzzfuzz".toCharArray());
        }
        Files.delete(store);
        return ks;
    }

    static SSLContext clientContext(String stack) {
        return CLIENTS.get(stack);
    }

    static SSLContext serverContext(String stack, String kind) {
        return SERVERS.get(stack + kind);
    }

    /** The peer's stack for a scenario: SunJSSE has no hybrid group, so AccelJCE-TLS plays both sides there. */
    static String peerStack(Scenario s, boolean jdkPeer) {
        return jdkPeer && !s.group().contains("MLKEM") ? JDK : OURS;
    }

    static SSLEngine engine(String stack, boolean client, Scenario s) {
        SSLEngine e = client
                ? CLIENTS.get(stack).createSSLEngine("localhost", 443)
                : SERVERS.get(stack + s.kind()).createSSLEngine();
        e.setUseClientMode(client);
        SSLParameters p = e.getSSLParameters();
        p.setProtocols(new String[] {s.protocol()});
        p.setNamedGroups(new String[] {s.group()});
        e.setSSLParameters(p);
        return e;
    }

    /** Turns the genuine flight at the chosen step into what the side under test reads. */
    interface Mutator {
        byte[] mutate(byte[] genuine);
    }

    /**
     * Plays a handshake between AccelJCE-TLS ({@code oursIsClient} decides its side) and a peer of
     * {@code peerStack}; the peer's flight number {@code step} (0 = its first; a step past the
     * handshake is one application record sent after it) goes through {@code mutator} first. Every
     * outcome an engine may give is accepted: progress, a buffer status, or an SSLException after
     * which the engine must be done inbound and then close outbound. Anything else throws.
     *
     * @return the flights the peer sent, genuine (for seeding a corpus)
     */
    static List<byte[]> run(Scenario s, boolean oursIsClient, String peerStack, int step, Mutator mutator)
            throws SSLException {
        SSLEngine ours = engine(OURS, oursIsClient, s);
        SSLEngine peer = engine(peerStack, !oursIsClient, s);
        List<byte[]> flights = new ArrayList<>();
        ByteBuffer app = ByteBuffer.allocate(64 * 1024);
        try {
            ours.beginHandshake();
            peer.beginHandshake();
            byte[] toPeer = oursIsClient ? drainWrap(ours) : new byte[0]; // our ClientHello, genuine
            for (int turn = 0; turn < 8; turn++) {
                byte[] flight;
                try {
                    flight = concat(deliver(peer, toPeer, ByteBuffer.allocate(64 * 1024)), drainWrap(peer));
                } catch (SSLException peerRefused) {
                    return flights; // the genuine peer refused what ours sent after a mutated flight
                }
                if (flight.length == 0 && idle(peer) && idle(ours)) {
                    flight = wrapData(peer, ("data after the handshake " + turn).getBytes());
                }
                flights.add(flight);
                boolean fuzzed = turn == step || turn == 7;
                byte[] in = fuzzed ? mutator.mutate(flight) : flight;
                app.clear();
                toPeer = deliver(ours, in, app);
                if (fuzzed) {
                    return flights;
                }
            }
            return flights;
        } catch (SSLException e) {
            if (!ours.isInboundDone()) {
                throw new AssertionError("after " + e + " the engine is not done inbound", e);
            }
            for (int i = 0; i < 4 && !ours.isOutboundDone(); i++) {
                ours.wrap(ByteBuffer.allocate(0), ByteBuffer.allocate(64 * 1024));
            }
            if (!ours.isOutboundDone()) {
                throw new AssertionError("after " + e + " the engine never closed outbound", e);
            }
            return flights;
        } finally {
            ours.closeOutbound();
            peer.closeOutbound();
        }
    }

    private static boolean idle(SSLEngine e) {
        HandshakeStatus h = e.getHandshakeStatus();
        return h == HandshakeStatus.NOT_HANDSHAKING || h == HandshakeStatus.FINISHED;
    }

    private static void runTasks(SSLEngine e) {
        Runnable t;
        while ((t = e.getDelegatedTask()) != null) {
            t.run();
        }
    }

    /** All {@code e} has to send now (running its tasks as asked). */
    static byte[] drainWrap(SSLEngine e) throws SSLException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
        for (int i = 0; i < 32; i++) {
            runTasks(e);
            if (e.getHandshakeStatus() != HandshakeStatus.NEED_WRAP) {
                break;
            }
            SSLEngineResult r = e.wrap(ByteBuffer.allocate(0), buf.clear());
            out.write(buf.array(), 0, buf.position());
            if (r.bytesProduced() == 0 && r.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                break;
            }
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static byte[] wrapData(SSLEngine e, byte[] data) throws SSLException {
        ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
        e.wrap(ByteBuffer.wrap(data), buf);
        byte[] b = new byte[buf.position()];
        buf.flip().get(b);
        return b;
    }

    /**
     * Unwraps {@code wire} into {@code e} as a transport would, record by record, running its tasks;
     * returns what {@code e} wrapped meanwhile and after (its answer).
     */
    static byte[] deliver(SSLEngine e, byte[] wire, ByteBuffer app) throws SSLException {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        ByteBuffer in = ByteBuffer.wrap(wire);
        for (int i = 0; i < 10_000 && in.hasRemaining(); i++) {
            runTasks(e);
            if (e.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                answer.writeBytes(drainWrap(e));
            }
            if (!app.hasRemaining()) {
                app.clear();
            }
            SSLEngineResult r = e.unwrap(in, app);
            if (r.bytesConsumed() == 0
                    && r.getHandshakeStatus() != HandshakeStatus.NEED_TASK
                    && r.getHandshakeStatus() != HandshakeStatus.NEED_WRAP) {
                break;
            }
        }
        answer.writeBytes(drainWrap(e));
        return answer.toByteArray();
    }
}
