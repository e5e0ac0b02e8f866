package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * What the TLS tests share: certificates made by the JDK's keytool (one PKCS#12 store per kind,
 * self-signed for "localhost"), contexts of either stack over them, and an in-memory pump that
 * drives two SSLEngines through a handshake, data and close_notify as an application would
 * (running delegated tasks when asked).
 */
final class TlsPeers {
    static final char[] PASSWORD = "changeit".toCharArray();
    /** Certificate kinds: alias -> keytool arguments. */
    static final List<String> KINDS = List.of("ec256", "ec384", "rsa2048", "ed25519");

    private static Path dir;
    private static KeyStore trust;

    private TlsPeers() {}

    static synchronized Path store(String kind) throws Exception {
        if (dir == null) {
            dir = Files.createTempDirectory("acceljce-tls-");
            dir.toFile().deleteOnExit();
        }
        Path store = dir.resolve(kind + ".p12");
        if (!Files.exists(store)) {
            List<String> alg = switch (kind) {
                case "ec256" -> List.of("-keyalg", "EC", "-groupname", "secp256r1");
                case "ec384" -> List.of("-keyalg", "EC", "-groupname", "secp384r1");
                case "rsa2048" -> List.of("-keyalg", "RSA", "-keysize", "2048");
                case "rsa1024" -> List.of("-keyalg", "RSA", "-keysize", "1024");
                case "ed25519" -> List.of("-keyalg", "Ed25519");
                case "client-ec256", "client-a", "client-b" -> List.of("-keyalg", "EC", "-groupname", "secp256r1");
                default -> throw new IllegalArgumentException(kind);
            };
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair",
                    "-alias",
                    kind,
                    "-dname",
                    // client-a and client-b: two client certificates told apart by their (self-)issuer
                    kind.startsWith("client-") && !kind.equals("client-ec256")
                            ? "CN=AccelJCE test " + kind
                            : "CN=localhost",
                    "-ext",
                    "san=dns:localhost",
                    "-keystore",
                    store.toString(),
                    "-storepass",
                    new String(PASSWORD),
                    "-storetype",
                    "PKCS12",
                    "-validity",
                    "2"));
            cmd.addAll(alg);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), out);
            store.toFile().deleteOnExit();
        }
        return store;
    }

    static KeyStore keyStore(String kind) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store(kind))) {
            ks.load(in, PASSWORD);
        }
        return ks;
    }

    /** A trust store with every kind's certificate. */
    static synchronized KeyStore trustStore() throws Exception {
        if (trust == null) {
            KeyStore t = KeyStore.getInstance("PKCS12");
            t.load(null, null);
            for (String kind : List.of("ec256", "ec384", "rsa2048", "rsa1024", "ed25519", "client-ec256")) {
                t.setCertificateEntry(kind, keyStore(kind).getCertificate(kind));
            }
            trust = t;
        }
        return trust;
    }

    static KeyManager[] keyManagers(String kind) throws Exception {
        if (kind == null) {
            return null;
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(keyStore(kind), PASSWORD);
        return kmf.getKeyManagers();
    }

    /** A context of {@code stack} ("AccelJCE-TLS" or "SunJSSE") with {@code kind}'s key (or none). */
    static SSLContext context(String stack, String kind) throws Exception {
        return context(stack, keyManagers(kind));
    }

    static SSLContext context(String stack, KeyManager[] km) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trustStore());
        return context(stack, km, tmf.getTrustManagers());
    }

    static SSLContext context(String stack, KeyManager[] km, TrustManager[] tm) throws Exception {
        SSLContext ctx = "SunJSSE".equals(stack)
                ? SSLContext.getInstance("TLS", "SunJSSE")
                : SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        ctx.init(km, tm, null);
        return ctx;
    }

    /** A SunX509 key manager holding the keys of all of {@code kinds}, each under its kind's alias. */
    static KeyManager[] keyManagersHolding(String... kinds) throws Exception {
        KeyStore all = KeyStore.getInstance("PKCS12");
        all.load(null, null);
        for (String kind : kinds) {
            KeyStore one = keyStore(kind);
            all.setKeyEntry(kind, one.getKey(kind, PASSWORD), PASSWORD, one.getCertificateChain(kind));
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(all, PASSWORD);
        return kmf.getKeyManagers();
    }

    /** PKIX trust managers that trust {@code certificate} alone. */
    static TrustManager[] trusting(java.security.cert.Certificate certificate) throws Exception {
        KeyStore one = KeyStore.getInstance("PKCS12");
        one.load(null, null);
        one.setCertificateEntry("trusted", certificate);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(one);
        return tmf.getTrustManagers();
    }

    /** A key manager whose key cannot be exported (getEncoded null), as a token's: libssl must sign through the JCA. */
    static KeyManager[] nonExtractable(String kind) throws Exception {
        X509ExtendedKeyManager real = (X509ExtendedKeyManager) keyManagers(kind)[0];
        return new KeyManager[] {
            new X509ExtendedKeyManager() {
                @Override
                public String[] getClientAliases(String t, java.security.Principal[] i) {
                    return real.getClientAliases(t, i);
                }

                @Override
                public String chooseClientAlias(String[] t, java.security.Principal[] i, java.net.Socket s) {
                    return real.chooseClientAlias(t, i, s);
                }

                @Override
                public String[] getServerAliases(String t, java.security.Principal[] i) {
                    return real.getServerAliases(t, i);
                }

                @Override
                public String chooseServerAlias(String t, java.security.Principal[] i, java.net.Socket s) {
                    return real.chooseServerAlias(t, i, s);
                }

                @Override
                public String chooseEngineServerAlias(String t, java.security.Principal[] i, SSLEngine e) {
                    return real.chooseEngineServerAlias(t, i, e);
                }

                @Override
                public String chooseEngineClientAlias(String[] t, java.security.Principal[] i, SSLEngine e) {
                    return real.chooseEngineClientAlias(t, i, e);
                }

                @Override
                public X509Certificate[] getCertificateChain(String a) {
                    return real.getCertificateChain(a);
                }

                @Override
                public PrivateKey getPrivateKey(String a) {
                    PrivateKey k = real.getPrivateKey(a);
                    if (k instanceof java.security.interfaces.RSAPrivateKey rsa) {
                        return new OpaqueRsaKey(rsa);
                    }
                    return k == null ? null : new OpaqueEcKey((java.security.interfaces.ECPrivateKey) k);
                }
            }
        };
    }

    /** An EC private key that refuses to be encoded; the JDK's EC signature reads it through getS(). */
    record OpaqueEcKey(java.security.interfaces.ECPrivateKey key) implements java.security.interfaces.ECPrivateKey {
        @Override
        public java.math.BigInteger getS() {
            return key.getS();
        }

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

        @Override
        public java.security.spec.ECParameterSpec getParams() {
            return key.getParams();
        }
    }

    /** An RSA private key that refuses to be encoded; the JDK's RSA reads its modulus and exponent. */
    record OpaqueRsaKey(java.security.interfaces.RSAPrivateKey key) implements java.security.interfaces.RSAPrivateKey {
        @Override
        public java.math.BigInteger getModulus() {
            return key.getModulus();
        }

        @Override
        public java.math.BigInteger getPrivateExponent() {
            return key.getPrivateExponent();
        }

        @Override
        public String getAlgorithm() {
            return "RSA";
        }

        @Override
        public String getFormat() {
            return null;
        }

        @Override
        public byte[] getEncoded() {
            return null;
        }
    }

    /** Two engines and the buffers between them. */
    static final class Pair {
        final SSLEngine client;
        final SSLEngine server;
        final ByteBuffer toServer;
        final ByteBuffer toClient;
        int tasks;
        /** TLS bytes each side wrapped during {@link #handshake} (its flights, as they go on the wire). */
        long clientHandshakeBytes, serverHandshakeBytes;

        Pair(SSLEngine client, SSLEngine server) {
            this.client = client;
            this.server = server;
            this.toServer = ByteBuffer.allocate(64 * 1024);
            this.toClient = ByteBuffer.allocate(64 * 1024);
        }

        /** Runs both engines until neither is handshaking; fails after 400 rounds. */
        void handshake() throws SSLException {
            client.beginHandshake();
            server.beginHandshake();
            for (int round = 0; round < 400; round++) {
                boolean moved = step(client, toServer, toClient) | step(server, toClient, toServer);
                if (!moved && idle(client) && idle(server)) {
                    return;
                }
            }
            throw new AssertionError("handshake did not finish: client " + client.getHandshakeStatus() + ", server "
                    + server.getHandshakeStatus());
        }

        private static boolean idle(SSLEngine e) {
            HandshakeStatus s = e.getHandshakeStatus();
            return s == HandshakeStatus.NOT_HANDSHAKING || s == HandshakeStatus.FINISHED;
        }

        /** One move of {@code e}: a task, a wrap into {@code out} or an unwrap from {@code in}. */
        private boolean step(SSLEngine e, ByteBuffer out, ByteBuffer in) throws SSLException {
            switch (e.getHandshakeStatus()) {
                case NEED_TASK -> {
                    Runnable t;
                    while ((t = e.getDelegatedTask()) != null) {
                        t.run();
                        tasks++;
                    }
                    return true;
                }
                case NEED_WRAP -> {
                    SSLEngineResult r = e.wrap(ByteBuffer.allocate(0), out);
                    if (e == client) {
                        clientHandshakeBytes += r.bytesProduced();
                    } else {
                        serverHandshakeBytes += r.bytesProduced();
                    }
                    return r.bytesProduced() > 0 || r.getHandshakeStatus() != HandshakeStatus.NEED_WRAP;
                }
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    in.flip();
                    try {
                        SSLEngineResult r = e.unwrap(in, ByteBuffer.allocate(32 * 1024));
                        return r.bytesConsumed() > 0;
                    } finally {
                        in.compact();
                    }
                }
                default -> {
                    return false;
                }
            }
        }

        /** Sends {@code data} from {@code from} to {@code to} and returns what arrived. */
        byte[] send(boolean fromClient, byte[] data) throws SSLException {
            SSLEngine from = fromClient ? client : server;
            SSLEngine to = fromClient ? server : client;
            ByteBuffer wire = fromClient ? toServer : toClient;
            ByteBuffer src = ByteBuffer.wrap(data);
            ByteBuffer received = ByteBuffer.allocate(data.length + 32 * 1024);
            for (int round = 0; round < 10_000 && (src.hasRemaining() || wire.position() > 0); round++) {
                if (src.hasRemaining()) {
                    SSLEngineResult r = from.wrap(src, wire);
                    assertEquals(SSLEngineResult.Status.OK, r.getStatus(), "wrap " + r);
                }
                wire.flip();
                try {
                    while (wire.hasRemaining()) {
                        SSLEngineResult r = to.unwrap(wire, received);
                        if (r.getStatus() != SSLEngineResult.Status.OK) {
                            assertEquals(SSLEngineResult.Status.BUFFER_UNDERFLOW, r.getStatus(), "unwrap " + r);
                            break;
                        }
                        runTasks(to);
                        if (r.bytesConsumed() == 0) {
                            break;
                        }
                    }
                } finally {
                    wire.compact();
                }
                // post-handshake messages (tickets, key updates) the receiver may owe its peer
                drainWrap(to, fromClient ? toClient : toServer);
            }
            assertTrue(!src.hasRemaining(), "all data sent");
            byte[] out = new byte[received.position()];
            received.flip().get(out);
            return out;
        }

        private void runTasks(SSLEngine e) {
            Runnable t;
            while ((t = e.getDelegatedTask()) != null) {
                t.run();
            }
        }

        private static void drainWrap(SSLEngine e, ByteBuffer out) throws SSLException {
            while (e.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                SSLEngineResult r = e.wrap(ByteBuffer.allocate(0), out);
                if (r.bytesProduced() == 0) {
                    break;
                }
            }
        }

        /** Client sends close_notify; returns the server's inbound state after reading it. */
        void closeFromClient() throws SSLException {
            client.closeOutbound();
            while (!client.isOutboundDone()) {
                SSLEngineResult r = client.wrap(ByteBuffer.allocate(0), toServer);
                if (r.getStatus() == SSLEngineResult.Status.CLOSED && r.bytesProduced() == 0) {
                    break;
                }
            }
            toServer.flip();
            try {
                while (toServer.hasRemaining() && !server.isInboundDone()) {
                    SSLEngineResult r = server.unwrap(toServer, ByteBuffer.allocate(32 * 1024));
                    if (r.bytesConsumed() == 0) {
                        break;
                    }
                }
            } finally {
                toServer.compact();
            }
        }
    }
}
