package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.libssl.LibSsl;
import dev.acceljce.libssl.SslPrivateKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.cert.X509Certificate;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedKeyManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ML-DSA certificates in TLS 1.3 (draft-ietf-tls-mldsa), AccelJCE-TLS on both sides: a chain
 * made by the JDK's keytool (an ML-DSA-65 root that issued an ML-DSA-44, -65 and -87 leaf), the
 * server's key handed to libssl (natively, or signed through the JCA when libssl cannot hold it),
 * the client's libssl checking the CertificateVerify and its PKIX trust manager the chain. With
 * the hybrid key exchange this is a handshake with no classical public-key step on JDK 25.
 */
class MlDsaCertificatesTest {
    private static final String OURS = "AccelJCE-TLS";
    private static final char[] PASSWORD = TlsPeers.PASSWORD;
    private static KeyStore store;

    @BeforeAll
    static void chain() throws Exception {
        assertTrue(LibSsl.isAvailable(), "libssl must load from the bundle: " + LibSsl.unavailableReason());
        Path dir = Files.createTempDirectory("acceljce-mldsa-");
        dir.toFile().deleteOnExit();
        Path p12 = dir.resolve("mldsa.p12");
        keytool(p12, "root", "ML-DSA-65", "CN=AccelJCE test ML-DSA root", "bc:c", null);
        for (String set : List.of("44", "65", "87")) {
            keytool(p12, "leaf" + set, "ML-DSA-" + set, "CN=localhost", "san=dns:localhost", "root");
        }
        // a second, unrelated root: a client trusting only it must refuse the chain
        keytool(p12, "stranger", "ML-DSA-65", "CN=AccelJCE test other root", "bc:c", null);
        p12.toFile().deleteOnExit();
        store = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(p12)) {
            store.load(in, PASSWORD);
        }
    }

    private static void keytool(Path p12, String alias, String alg, String dname, String ext, String signer)
            throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                alias,
                "-keyalg",
                alg,
                "-dname",
                dname,
                "-ext",
                ext,
                "-keystore",
                p12.toString(),
                "-storepass",
                new String(PASSWORD),
                "-storetype",
                "PKCS12",
                "-validity",
                "2"));
        if (signer != null) {
            cmd.addAll(List.of("-signer", signer));
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
    }

    private static X509Certificate[] chainOf(String alias) throws Exception {
        var certs = store.getCertificateChain(alias);
        X509Certificate[] out = new X509Certificate[certs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (X509Certificate) certs[i];
        }
        return out;
    }

    private static PrivateKey keyOf(String alias) throws Exception {
        return (PrivateKey) store.getKey(alias, PASSWORD);
    }

    /** A key manager with one fixed chain and key under the alias "one". */
    static KeyManager[] holding(X509Certificate[] chain, PrivateKey key) {
        return new KeyManager[] {
            new X509ExtendedKeyManager() {
                private String match(String type) {
                    return chain[0].getPublicKey().getAlgorithm().equals(type) ? "one" : null;
                }

                @Override
                public String[] getClientAliases(String t, java.security.Principal[] i) {
                    return match(t) == null ? null : new String[] {"one"};
                }

                @Override
                public String chooseClientAlias(String[] t, java.security.Principal[] i, java.net.Socket s) {
                    for (String type : t) {
                        if (match(type) != null) {
                            return "one";
                        }
                    }
                    return null;
                }

                @Override
                public String[] getServerAliases(String t, java.security.Principal[] i) {
                    return getClientAliases(t, i);
                }

                @Override
                public String chooseServerAlias(String t, java.security.Principal[] i, java.net.Socket s) {
                    return match(t);
                }

                @Override
                public String chooseEngineServerAlias(String t, java.security.Principal[] i, SSLEngine e) {
                    return match(t);
                }

                @Override
                public String chooseEngineClientAlias(String[] t, java.security.Principal[] i, SSLEngine e) {
                    return chooseClientAlias(t, i, null);
                }

                @Override
                public X509Certificate[] getCertificateChain(String a) {
                    return chain.clone();
                }

                @Override
                public PrivateKey getPrivateKey(String a) {
                    return key;
                }
            }
        };
    }

    private static TrustManager[] trustingRoot(String root) throws Exception {
        return TlsPeers.trusting(store.getCertificate(root));
    }

    private static SSLContext server(KeyManager[] km) throws Exception {
        return TlsPeers.context(OURS, km, trustingRoot("root"));
    }

    private static SSLContext client(String root) throws Exception {
        return TlsPeers.context(OURS, null, trustingRoot(root));
    }

    /** A handshake between {@code client} and {@code server} with the hybrid group; the pair, handshaken. */
    private static TlsPeers.Pair handshake(SSLContext client, SSLContext server) throws Exception {
        SSLEngine c = client.createSSLEngine("localhost", 443);
        SSLEngine s = server.createSSLEngine();
        c.setUseClientMode(true);
        s.setUseClientMode(false);
        SSLParameters cp = c.getSSLParameters();
        cp.setNamedGroups(new String[] {"X25519MLKEM768"});
        cp.setEndpointIdentificationAlgorithm("HTTPS");
        c.setSSLParameters(cp);
        TlsPeers.Pair pair = new TlsPeers.Pair(c, s);
        pair.handshake();
        return pair;
    }

    private static void free(TlsPeers.Pair pair) {
        ((AccelSslEngine) pair.client).free();
        ((AccelSslEngine) pair.server).free();
    }

    /**
     * Every parameter set, the JDK's keys from a PKCS#12 store through the SunX509 key manager: a
     * TLS 1.3 handshake over X25519MLKEM768 in which the server authenticates with ML-DSA, the
     * client's trust manager builds the two-certificate chain to the root it trusts, and data flows.
     */
    @ParameterizedTest(name = "ML-DSA-{0}")
    @ValueSource(strings = {"44", "65", "87"})
    void aFullyPostQuantumHandshake(String set) throws Exception {
        KeyStore one = KeyStore.getInstance("PKCS12");
        one.load(null, null);
        one.setKeyEntry("leaf", keyOf("leaf" + set), PASSWORD, store.getCertificateChain("leaf" + set));
        var kmf = javax.net.ssl.KeyManagerFactory.getInstance("SunX509");
        kmf.init(one, PASSWORD);
        TlsPeers.Pair pair = handshake(client("root"), server(kmf.getKeyManagers()));
        SSLSession cs = pair.client.getSession();
        assertEquals("TLSv1.3", cs.getProtocol());
        assertEquals("X25519MLKEM768", ((AccelSslEngine) pair.client).negotiatedGroup());
        assertEquals("X25519MLKEM768", ((AccelSslEngine) pair.server).negotiatedGroup());
        assertEquals(2, cs.getPeerCertificates().length, "leaf and root");
        PublicKey peer = cs.getPeerCertificates()[0].getPublicKey();
        assertEquals("ML-DSA", peer.getAlgorithm());
        assertEquals("ML-DSA-" + set, ((NamedParameterSpec) peer.getParams()).getName());
        assertEquals(
                store.getCertificate("leaf" + set), pair.server.getSession().getLocalCertificates()[0]);
        assertArrayEquals("ping".getBytes(), pair.send(true, "ping".getBytes()));
        assertArrayEquals("pong".getBytes(), pair.send(false, "pong".getBytes()));
        free(pair);
    }

    /** AccelJCE's own ML-DSA keys (held in OpenSSL) serve as well, and libssl reads every PKCS#8 form. */
    @ParameterizedTest(name = "ML-DSA-{0}")
    @ValueSource(strings = {"44", "65", "87"})
    void accelJceKeysServeAndLibsslReadsTheirEncoding(String set) throws Exception {
        AccelJceProvider accel = new AccelJceProvider();
        PrivateKey jdkKey = keyOf("leaf" + set);
        PrivateKey ours =
                KeyFactory.getInstance("ML-DSA", accel).generatePrivate(new PKCS8EncodedKeySpec(jdkKey.getEncoded()));
        assertEquals("AccelMlPrivateKey", ours.getClass().getSimpleName());
        assertNotNull(SslPrivateKey.parse(jdkKey.getEncoded()), "the JDK's PKCS#8 (expanded key)");
        assertNotNull(SslPrivateKey.parse(ours.getEncoded()), "AccelJCE's PKCS#8");
        TlsPeers.Pair pair = handshake(client("root"), server(holding(chainOf("leaf" + set), ours)));
        assertEquals(
                "ML-DSA",
                pair.client.getSession().getPeerCertificates()[0].getPublicKey().getAlgorithm());
        assertArrayEquals("ping".getBytes(), pair.send(true, "ping".getBytes()));
        free(pair);
    }

    /**
     * A key libssl cannot hold (it will not be encoded, as a token's) signs through the JCA: TLS's
     * ML-DSA is pure ML-DSA over the raw CertificateVerify content with an empty context, and the
     * client's libssl accepts the signature only if that is what was signed.
     */
    @Test
    void aKeyLibsslCannotHoldSignsThroughTheJca() throws Exception {
        Provider opaque = new OpaqueMlDsaProvider();
        Security.addProvider(opaque);
        try {
            int before = OpaqueMlDsaProvider.SIGNATURES.get();
            PrivateKey key = new OpaqueMlDsaKey(keyOf("leaf65"));
            assertNull(key.getEncoded());
            TlsPeers.Pair pair = handshake(client("root"), server(holding(chainOf("leaf65"), key)));
            assertEquals(1, OpaqueMlDsaProvider.SIGNATURES.get() - before, "one CertificateVerify signed by the JCA");
            assertArrayEquals("ping".getBytes(), pair.send(true, "ping".getBytes()));
            free(pair);
        } finally {
            Security.removeProvider(opaque.getName());
        }
    }

    /**
     * libssl checks the CertificateVerify with the leaf's ML-DSA public key: a server whose key is
     * not its certificate's (it signs through the JCA, as libssl refuses the pair) is refused.
     */
    @Test
    void aSignatureByAnotherKeyIsRefused() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("ML-DSA");
        g.initialize(new NamedParameterSpec("ML-DSA-65"));
        PrivateKey wrong = g.generateKeyPair().getPrivate();
        SSLContext server = server(holding(chainOf("leaf65"), wrong));
        SSLException e = assertThrows(SSLException.class, () -> handshake(client("root"), server));
        assertTrue(String.valueOf(e.getMessage()).contains("BAD_SIGNATURE"), e::toString);
    }

    /** The client's trust manager sees the ML-DSA chain: one that trusts another root refuses it. */
    @Test
    void theTrustManagerDecides() throws Exception {
        SSLContext server = server(holding(chainOf("leaf65"), keyOf("leaf65")));
        SSLException e = assertThrows(SSLException.class, () -> handshake(client("stranger"), server));
        Throwable cause = e;
        while (cause != null && !(cause instanceof java.security.cert.CertificateException)) {
            cause = cause.getCause();
        }
        assertNotNull(cause, () -> "the trust manager's refusal under " + e);
        assertTrue(String.valueOf(cause.getMessage()).contains("PKIX"), cause::toString);
    }

    /** A client that does not list the certificate's parameter set gets no ML-DSA-87 answer to mldsa44. */
    @Test
    void theParameterSetMustBeOneThePeerListed() throws Exception {
        SSLContext server = server(holding(chainOf("leaf87"), keyOf("leaf87")));
        SSLEngine c = client("root").createSSLEngine("localhost", 443);
        SSLEngine s = server.createSSLEngine();
        c.setUseClientMode(true);
        s.setUseClientMode(false);
        SSLParameters cp = c.getSSLParameters();
        cp.setSignatureSchemes(new String[] {"mldsa44", "ecdsa_secp256r1_sha256"});
        c.setSSLParameters(cp);
        TlsPeers.Pair pair = new TlsPeers.Pair(c, s);
        SSLException e = assertThrows(SSLException.class, pair::handshake);
        // the server's key choice passed the certificate over (libssl would have failed to sign instead)
        assertTrue(causes(e).contains("No available authentication scheme"), () -> causes(e));
        ((AccelSslEngine) c).free();
        ((AccelSslEngine) s).free();
    }

    /** ML-DSA is TLS 1.3's only (draft-ietf-tls-mldsa 3.3): a TLS 1.2 client finds no scheme for it. */
    @Test
    void notInTls12() throws Exception {
        SSLContext server = server(holding(chainOf("leaf65"), keyOf("leaf65")));
        SSLEngine c = client("root").createSSLEngine("localhost", 443);
        SSLEngine s = server.createSSLEngine();
        c.setUseClientMode(true);
        s.setUseClientMode(false);
        SSLParameters cp = c.getSSLParameters();
        cp.setProtocols(new String[] {"TLSv1.2"});
        c.setSSLParameters(cp);
        TlsPeers.Pair pair = new TlsPeers.Pair(c, s);
        assertThrows(SSLException.class, pair::handshake);
        ((AccelSslEngine) c).free();
        ((AccelSslEngine) s).free();
    }

    /** Client certificates too: our server asks, our client answers with ML-DSA-44. */
    @Test
    void mutualAuthenticationWithMlDsa() throws Exception {
        SSLContext server = server(holding(chainOf("leaf65"), keyOf("leaf65")));
        SSLContext client = TlsPeers.context(OURS, holding(chainOf("leaf44"), keyOf("leaf44")), trustingRoot("root"));
        SSLEngine c = client.createSSLEngine("localhost", 443);
        SSLEngine s = server.createSSLEngine();
        c.setUseClientMode(true);
        s.setUseClientMode(false);
        s.setNeedClientAuth(true);
        TlsPeers.Pair pair = new TlsPeers.Pair(c, s);
        pair.handshake();
        assertEquals(store.getCertificate("leaf44"), s.getSession().getPeerCertificates()[0]);
        ((AccelSslEngine) c).free();
        ((AccelSslEngine) s).free();
    }

    /**
     * SunJSSE 25 has no ML-DSA signature scheme: its client lists none, so our server, holding an
     * ML-DSA certificate only, has nothing to authenticate with (and SunJSSE could not verify it).
     */
    @Test
    void sunJsse25CannotUseMlDsaCertificates() throws Exception {
        SSLContext jdk = TlsPeers.context("SunJSSE", null, trustingRoot("root"));
        SSLEngine c = jdk.createSSLEngine("localhost", 443);
        c.setUseClientMode(true);
        SSLEngine s = server(holding(chainOf("leaf65"), keyOf("leaf65"))).createSSLEngine();
        s.setUseClientMode(false);
        TlsPeers.Pair pair = new TlsPeers.Pair(c, s);
        // a JDK whose SunJSSE gains ML-DSA fails here: the gap this pins is then closed
        SSLException e = assertThrows(SSLException.class, pair::handshake);
        // our server's refusal (its key manager found no key for the client's schemes), or SunJSSE's
        // report of the alert it got
        String chain = causes(e);
        assertTrue(chain.contains("No available authentication scheme") || chain.contains("handshake_failure"), chain);
        ((AccelSslEngine) s).free();
    }

    /** {@code e} and its causes, one a line. */
    private static String causes(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            out.append(t).append('\n');
        }
        return out.toString();
    }

    /** Our client offers the three ML-DSA schemes by default. */
    @Test
    void offeredByDefault() throws Exception {
        SSLEngine c = client("root").createSSLEngine("localhost", 443);
        c.setUseClientMode(true);
        List<String> schemes = List.of(c.getSSLParameters().getSignatureSchemes());
        assertTrue(schemes.containsAll(List.of("mldsa44", "mldsa65", "mldsa87")), schemes::toString);
        assertInstanceOf(AccelSslEngine.class, c);
        ((AccelSslEngine) c).free();
    }

    // ------------------------------------------------------------------ a key only the JCA can use

    /** An ML-DSA private key that will not be encoded; only {@link OpaqueMlDsaProvider} signs with it. */
    record OpaqueMlDsaKey(PrivateKey inner) implements PrivateKey {
        @Override
        public String getAlgorithm() {
            return "ML-DSA";
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

    /** Signs with an {@link OpaqueMlDsaKey} through the SUN provider's ML-DSA, counting signatures. */
    static final class OpaqueMlDsaProvider extends Provider {
        static final AtomicInteger SIGNATURES = new AtomicInteger();

        OpaqueMlDsaProvider() {
            super("AccelJCE-test-opaque-ML-DSA", "1", "signs with keys that are not exported");
            for (String name : List.of("ML-DSA", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87")) {
                putService(new Service(this, "Signature", name, OpaqueSignature.class.getName(), null, null) {
                    @Override
                    public boolean supportsParameter(Object key) {
                        return key instanceof OpaqueMlDsaKey;
                    }

                    @Override
                    public Object newInstance(Object param) {
                        return new OpaqueSignature();
                    }
                });
            }
        }
    }

    static final class OpaqueSignature extends SignatureSpi {
        private Signature real;

        @Override
        protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
            if (!(key instanceof OpaqueMlDsaKey k)) {
                throw new InvalidKeyException("not an opaque key");
            }
            try {
                real = Signature.getInstance("ML-DSA", "SUN");
            } catch (java.security.GeneralSecurityException e) {
                throw new InvalidKeyException(e);
            }
            real.initSign(k.inner());
        }

        @Override
        protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
            throw new InvalidKeyException("signing only");
        }

        @Override
        protected void engineUpdate(byte b) throws SignatureException {
            real.update(b);
        }

        @Override
        protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
            real.update(b, off, len);
        }

        @Override
        protected byte[] engineSign() throws SignatureException {
            OpaqueMlDsaProvider.SIGNATURES.incrementAndGet();
            return real.sign();
        }

        @Override
        protected boolean engineVerify(byte[] sig) {
            throw new UnsupportedOperationException();
        }

        @Override
        @SuppressWarnings("deprecation")
        protected void engineSetParameter(String p, Object v) {
            throw new InvalidParameterException();
        }

        @Override
        @SuppressWarnings("deprecation")
        protected Object engineGetParameter(String p) {
            throw new InvalidParameterException();
        }
    }
}
