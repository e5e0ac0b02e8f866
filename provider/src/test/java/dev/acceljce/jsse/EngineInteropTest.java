package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.control.Counters;
import dev.acceljce.libssl.LibSsl;
import dev.acceljce.libssl.SslCallbacks;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * AccelJCE's TLS engine against SunJSSE's, in both directions, and against itself: every protocol,
 * certificate kind and group the two have in common, a handshake, data both ways (a request and
 * a reply of several records) and close_notify, with what each side's session reports compared.
 * The post-quantum hybrid groups run engine to engine (JDK 25's SunJSSE has none).
 */
class EngineInteropTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";

    @BeforeAll
    static void libssl() {
        assertTrue(LibSsl.isAvailable(), "libssl must load from the bundle: " + LibSsl.unavailableReason());
    }

    static Stream<Arguments> matrix() {
        List<Arguments> out = new ArrayList<>();
        String[][] sides = {{OURS, JDK}, {JDK, OURS}, {OURS, OURS}};
        for (String[] s : sides) {
            for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
                for (String kind : TlsPeers.KINDS) {
                    out.add(Arguments.of(s[0], s[1], protocol, kind, "x25519"));
                }
                out.add(Arguments.of(s[0], s[1], protocol, "ec256", "secp256r1"));
                out.add(Arguments.of(s[0], s[1], protocol, "ec384", "secp384r1"));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}, {3}, {4}")
    @MethodSource("matrix")
    void handshakeDataAndClose(String clientStack, String serverStack, String protocol, String kind, String group)
            throws Exception {
        SSLEngine client = TlsPeers.context(clientStack, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(serverStack, kind).createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        // TLS 1.2 with an ECDSA certificate: RFC 8422 makes its curve a group both sides must list
        String[] groups = !"TLSv1.2".equals(protocol) || !kind.startsWith("ec") || group.startsWith("secp")
                ? new String[] {group}
                : new String[] {group, kind.equals("ec256") ? "secp256r1" : "secp384r1"};
        SSLParameters cp = client.getSSLParameters();
        cp.setProtocols(new String[] {protocol});
        cp.setNamedGroups(groups);
        cp.setEndpointIdentificationAlgorithm("HTTPS");
        client.setSSLParameters(cp);
        SSLParameters sp = server.getSSLParameters();
        sp.setNamedGroups(groups);
        server.setSSLParameters(sp);

        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        SSLSession cs = client.getSession(), ss = server.getSession();
        assertEquals(protocol, cs.getProtocol());
        assertEquals(protocol, ss.getProtocol());
        assertEquals(cs.getCipherSuite(), ss.getCipherSuite());
        assertTrue(cs.isValid() && ss.isValid());
        X509Certificate leaf = (X509Certificate) cs.getPeerCertificates()[0];
        assertEquals(TlsPeers.keyStore(kind).getCertificate(kind), leaf);
        assertEquals(leaf, ss.getLocalCertificates()[0]);
        for (SSLEngine e : List.of(client, server)) {
            if (e instanceof AccelSslEngine ours) {
                assertEquals(group, ours.negotiatedGroup(), "negotiated group");
            }
        }

        byte[] request = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes();
        assertArrayEquals(request, pair.send(true, request));
        byte[] reply = new byte[40_000];
        new Random(7).nextBytes(reply);
        assertArrayEquals(reply, pair.send(false, reply));

        pair.closeFromClient();
        assertTrue(client.isOutboundDone(), "client sent close_notify");
        assertTrue(server.isInboundDone(), "server read close_notify");
        free(client, server);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hybridGroups")
    void postQuantumHybridGroups(String group) throws Exception {
        SSLEngine client = TlsPeers.context(OURS, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(OURS, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        SSLParameters cp = client.getSSLParameters();
        cp.setNamedGroups(new String[] {group, "x25519"});
        client.setSSLParameters(cp);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertEquals(group, ((AccelSslEngine) client).negotiatedGroup());
        assertEquals(group, ((AccelSslEngine) server).negotiatedGroup());
        assertArrayEquals("ping".getBytes(), pair.send(true, "ping".getBytes()));
        free(client, server);
    }

    static Stream<String> hybridGroups() {
        return Stream.of("X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024");
    }

    @Test
    void defaultsPutTheHybridGroupFirstAndFallBackWithSunJsse() throws Exception {
        SSLEngine ours = TlsPeers.context(OURS, (String) null).createSSLEngine("localhost", 443);
        ours.setUseClientMode(true);
        assertEquals("X25519MLKEM768", ours.getSSLParameters().getNamedGroups()[0]);
        assertEquals(
                List.of("TLSv1.3", "TLSv1.2"), List.of(ours.getSSLParameters().getProtocols()));
        SSLEngine jdk = TlsPeers.context(JDK, "ec256").createSSLEngine();
        jdk.setUseClientMode(false);
        TlsPeers.Pair pair = new TlsPeers.Pair(ours, jdk);
        pair.handshake();
        assertEquals("TLSv1.3", ours.getSession().getProtocol());
        assertEquals("x25519", ((AccelSslEngine) ours).negotiatedGroup());
        free(ours, jdk);
    }

    @Test
    void ourServerWithTheHybridGroupDefault() throws Exception {
        SSLEngine client = TlsPeers.context(OURS, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(OURS, "rsa2048").createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        String row = "TLS.handshake TLSv1.3 X25519MLKEM768 TLS_AES_256_GCM_SHA384";
        Counters.Row before = Counters.snapshot().get(row);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertEquals("X25519MLKEM768", ((AccelSslEngine) server).negotiatedGroup());
        assertEquals("TLS_AES_256_GCM_SHA384", server.getSession().getCipherSuite());
        assertTrue(pair.tasks >= 2, "the key manager and the trust manager ran as delegated tasks: " + pair.tasks);
        Counters.Row after = Counters.snapshot().get(row);
        assertNotNull(after, "counted as " + row + ": " + Counters.snapshot().keySet());
        assertEquals(2, after.awslcOps() - (before == null ? 0 : before.awslcOps()), "both sides counted, on AWS-LC");
        Counters.Row data = Counters.snapshot().get("TLS.data TLS_AES_256_GCM_SHA384");
        long dataBefore = data == null ? 0 : data.awslcBytes();
        pair.send(true, new byte[1000]);
        assertEquals(
                2000,
                Counters.snapshot().get("TLS.data TLS_AES_256_GCM_SHA384").awslcBytes() - dataBefore,
                "1000 bytes written by one side and read by the other");
        free(client, server);
    }

    static Stream<Arguments> tls12CurveCases() {
        List<Arguments> out = new ArrayList<>();
        for (String server : List.of(OURS, JDK)) {
            for (String client : List.of(OURS, JDK)) {
                out.add(Arguments.of(server, client, "secp256r1", "rsa2048"));
                out.add(Arguments.of(server, client, "secp256r1,secp384r1", "ec384"));
                out.add(Arguments.of(server, client, "secp384r1", "ec384"));
            }
        }
        return out.stream();
    }

    /**
     * TLS 1.2 (RFC 8422): a server whose key manager holds an ECDSA P-384 and an RSA certificate
     * serves the P-384 one only to a client that lists secp384r1 among its groups, and the RSA one
     * otherwise, although the client's signature schemes name ECDSA first. SunJSSE's server is the
     * reference; with the P-384 certificate alone and a client offering secp256r1 only, both
     * servers refuse the handshake themselves.
     */
    @ParameterizedTest(name = "{0} server, {1} client offering {2}: {3}")
    @MethodSource("tls12CurveCases")
    void aTls12ServerServesAnEcCertificateOnlyOnACurveTheClientListed(
            String serverStack, String clientStack, String clientGroups, String expected) throws Exception {
        SSLEngine server = TlsPeers.context(serverStack, TlsPeers.keyManagersHolding("ec384", "rsa2048"))
                .createSSLEngine();
        SSLEngine client = TlsPeers.context(clientStack, (String) null).createSSLEngine("localhost", 443);
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        SSLParameters cp = client.getSSLParameters();
        cp.setProtocols(new String[] {"TLSv1.2"});
        cp.setNamedGroups(clientGroups.split(","));
        client.setSSLParameters(cp);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertEquals(
                TlsPeers.keyStore(expected).getCertificate(expected),
                client.getSession().getPeerCertificates()[0]);
        free(client, server);

        SSLEngine lone = TlsPeers.context(serverStack, "ec384").createSSLEngine();
        SSLEngine p256Only = TlsPeers.context(clientStack, (String) null).createSSLEngine("localhost", 443);
        lone.setUseClientMode(false);
        p256Only.setUseClientMode(true);
        cp = p256Only.getSSLParameters();
        cp.setProtocols(new String[] {"TLSv1.2"});
        cp.setNamedGroups(new String[] {"secp256r1"});
        p256Only.setSSLParameters(cp);
        TlsPeers.Pair refused = new TlsPeers.Pair(p256Only, lone);
        assertThrows(SSLException.class, refused::handshake);
        assertTrue(lone.isInboundDone(), "the server failed");
        assertTrue(!p256Only.isInboundDone(), "not the client: it was sent no certificate to refuse");
        free(lone, p256Only);
    }

    static Stream<Arguments> clientIssuerCases() {
        List<Arguments> out = new ArrayList<>();
        for (String server : List.of(OURS, JDK)) {
            for (String client : List.of(OURS, JDK)) {
                for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
                    for (String trusted : List.of("client-a", "client-b")) {
                        out.add(Arguments.of(server, client, protocol, trusted));
                    }
                }
            }
        }
        return out.stream();
    }

    /**
     * A client holding two certificates (client-a and client-b, each its own issuer) presents the
     * one the server trusts: the server lists its trust manager's accepted issuers in
     * CertificateRequest (TLS 1.2's list, TLS 1.3's certificate_authorities) and the client's key
     * manager chooses by them. Whichever one the server trusts, the handshake must succeed with it.
     */
    @ParameterizedTest(name = "{0} server trusting {3}, {1} client, {2}")
    @MethodSource("clientIssuerCases")
    void aClientPresentsTheCertificateWhoseIssuerTheServerNamed(
            String serverStack, String clientStack, String protocol, String trusted) throws Exception {
        SSLEngine client = TlsPeers.context(clientStack, TlsPeers.keyManagersHolding("client-a", "client-b"))
                .createSSLEngine("localhost", 443);
        X509Certificate expected = (X509Certificate) TlsPeers.keyStore(trusted).getCertificate(trusted);
        SSLEngine server = TlsPeers.context(serverStack, TlsPeers.keyManagers("ec256"), TlsPeers.trusting(expected))
                .createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        server.setNeedClientAuth(true);
        SSLParameters cp = client.getSSLParameters();
        cp.setProtocols(new String[] {protocol});
        client.setSSLParameters(cp);
        new TlsPeers.Pair(client, server).handshake();
        assertEquals(protocol, server.getSession().getProtocol());
        assertEquals(expected, server.getSession().getPeerCertificates()[0]);
        assertEquals(expected, client.getSession().getLocalCertificates()[0]);
        free(client, server);
    }

    /**
     * A trust manager with more accepted issuers than a CertificateRequest can list (3,000 names,
     * over 2^16 bytes): our server lists none, as SunJSSE then does, instead of failing every
     * handshake that asks for a client certificate.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void tooManyAcceptedIssuersAreLeftOut(String protocol) throws Exception {
        X509Certificate clientCert =
                (X509Certificate) TlsPeers.keyStore("client-a").getCertificate("client-a");
        javax.net.ssl.X509TrustManager real = (javax.net.ssl.X509TrustManager) TlsPeers.trusting(clientCert)[0];
        X509Certificate[] many = new X509Certificate[3000];
        java.util.Arrays.fill(many, clientCert);
        assertTrue(clientCert.getSubjectX500Principal().getEncoded().length * many.length > 0xFFFF);
        javax.net.ssl.X509TrustManager crowded = new javax.net.ssl.X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType)
                    throws java.security.cert.CertificateException {
                real.checkClientTrusted(chain, authType);
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType)
                    throws java.security.cert.CertificateException {
                real.checkServerTrusted(chain, authType);
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return many.clone();
            }
        };
        SSLContext serverCtx =
                TlsPeers.context(OURS, TlsPeers.keyManagers("ec256"), new javax.net.ssl.TrustManager[] {crowded});
        for (String clientStack : List.of(OURS, JDK)) {
            SSLEngine client = TlsPeers.context(clientStack, TlsPeers.keyManagers("client-a"))
                    .createSSLEngine("localhost", 443);
            SSLEngine server = serverCtx.createSSLEngine();
            client.setUseClientMode(true);
            server.setUseClientMode(false);
            server.setNeedClientAuth(true);
            client.setEnabledProtocols(new String[] {protocol});
            new TlsPeers.Pair(client, server).handshake();
            assertEquals(clientCert, server.getSession().getPeerCertificates()[0], clientStack);
            free(client, server);
        }
    }

    @ParameterizedTest(name = "{0} client with a client certificate, {1} server")
    @MethodSource("clientAuthSides")
    void clientAuthentication(String clientStack, String serverStack) throws Exception {
        SSLEngine client = TlsPeers.context(clientStack, "client-ec256").createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(serverStack, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        server.setNeedClientAuth(true);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertEquals(
                TlsPeers.keyStore("client-ec256").getCertificate("client-ec256"),
                server.getSession().getPeerCertificates()[0]);
        assertArrayEquals("hello".getBytes(), pair.send(true, "hello".getBytes()));
        free(client, server);
    }

    static Stream<Arguments> clientAuthSides() {
        return Stream.of(Arguments.of(OURS, JDK), Arguments.of(JDK, OURS), Arguments.of(OURS, OURS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void keyThatCannotBeExportedSignsThroughTheJca(String protocol) throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, TlsPeers.nonExtractable("ec256"));
        SSLEngine client = TlsPeers.context(JDK, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = serverCtx.createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {protocol});
        server.setUseClientMode(false);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertEquals(protocol, client.getSession().getProtocol());
        assertTrue(pair.tasks >= 3, "key choice, signature and (client) verification ran as tasks: " + pair.tasks);
        assertArrayEquals("signed in Java".getBytes(), pair.send(false, "signed in Java".getBytes()));
        free(client, server);
    }

    /** Client authentication with a key libssl cannot read: the client's CertificateVerify is signed through the JCA. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void clientKeyThatCannotBeExportedSignsThroughTheJca(String protocol) throws Exception {
        SSLEngine client =
                TlsPeers.context(OURS, TlsPeers.nonExtractable("client-ec256")).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(JDK, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {protocol});
        server.setUseClientMode(false);
        server.setNeedClientAuth(true);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertEquals(protocol, server.getSession().getProtocol());
        assertEquals(
                TlsPeers.keyStore("client-ec256").getCertificate("client-ec256"),
                server.getSession().getPeerCertificates()[0]);
        assertTrue(pair.tasks >= 3, "verification, key choice and the client's signature ran as tasks: " + pair.tasks);
        assertArrayEquals("signed in Java".getBytes(), pair.send(true, "signed in Java".getBytes()));
        free(client, server);
    }

    static Stream<String> protocols() {
        return Stream.of("TLSv1.3", "TLSv1.2");
    }

    static Stream<Arguments> rsaKeyUses() {
        return Stream.of(
                Arguments.of(JDK, "TLSv1.3", "TLS_AES_128_GCM_SHA256"), // RSA-PSS signature
                Arguments.of(JDK, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"), // RSA-PSS signature
                // RSA decryption; JDK 25's client refuses TLS_RSA_* (jdk.tls.disabledAlgorithms)
                Arguments.of(OURS, "TLSv1.2", "TLS_RSA_WITH_AES_128_GCM_SHA256"));
    }

    /**
     * An RSA key libssl cannot read (a token's, say): its signatures and, with TLS 1.2's RSA key
     * exchange (enabled by the caller), its decryption of the premaster secret go through the JCA.
     */
    @ParameterizedTest(name = "{0} client, {1} {2}")
    @MethodSource("rsaKeyUses")
    void rsaKeyThatCannotBeExportedSignsAndDecryptsThroughTheJca(String clientStack, String protocol, String suite)
            throws Exception {
        // TLS_RSA_* is in JDK 25's jdk.tls.disabledAlgorithms, which our contexts honour as SunJSSE
        // does: taken out for the contexts of this case only (ours read it at init)
        String disabled = java.security.Security.getProperty("jdk.tls.disabledAlgorithms");
        SSLContext serverCtx;
        SSLEngine client;
        try {
            if (suite.startsWith("TLS_RSA_")) {
                java.security.Security.setProperty(
                        "jdk.tls.disabledAlgorithms",
                        disabled.replace("TLS_RSA_*", "").replace(", ,", ","));
            }
            serverCtx = TlsPeers.context(OURS, TlsPeers.nonExtractable("rsa2048"));
            client = TlsPeers.context(clientStack, (String) null).createSSLEngine("localhost", 443);
        } finally {
            java.security.Security.setProperty("jdk.tls.disabledAlgorithms", disabled);
        }
        SSLEngine server = serverCtx.createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {protocol});
        client.setEnabledCipherSuites(new String[] {suite});
        server.setUseClientMode(false);
        server.setEnabledCipherSuites(new String[] {suite});
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertEquals(suite, server.getSession().getCipherSuite());
        assertArrayEquals("through the JCA".getBytes(), pair.send(false, "through the JCA".getBytes()));
        assertArrayEquals("and back".getBytes(), pair.send(true, "and back".getBytes()));
        free(client, server);
    }

    @ParameterizedTest(name = "{0} client, {1} server")
    @MethodSource("clientAuthSides")
    void untrustedServerCertificateFailsTheHandshake(String clientStack, String serverStack) throws Exception {
        // the client trusts nothing of the server's: an empty trust store
        java.security.KeyStore empty = java.security.KeyStore.getInstance("PKCS12");
        empty.load(null, null);
        javax.net.ssl.TrustManagerFactory tmf = javax.net.ssl.TrustManagerFactory.getInstance("PKIX");
        tmf.init(empty);
        SSLEngine client =
                TlsPeers.context(clientStack, null, tmf.getTrustManagers()).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(serverStack, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        SSLException e = assertThrows(SSLException.class, pair::handshake);
        if (OURS.equals(clientStack)) {
            assertInstanceOf(SSLHandshakeException.class, e);
            assertNotNull(e.getCause(), "the trust manager's reason is the cause");
        }
        free(client, server);
    }

    @Test
    void endpointIdentificationRefusesAnotherHost() throws Exception {
        SSLEngine client = TlsPeers.context(OURS, (String) null).createSSLEngine("other.example", 443);
        SSLEngine server = TlsPeers.context(OURS, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        SSLParameters cp = client.getSSLParameters();
        cp.setEndpointIdentificationAlgorithm("HTTPS");
        client.setSSLParameters(cp);
        SSLHandshakeException e =
                assertThrows(SSLHandshakeException.class, new TlsPeers.Pair(client, server)::handshake);
        assertInstanceOf(java.security.cert.CertificateException.class, e.getCause(), "the trust manager's refusal");
        assertTrue(
                e.getCause().getMessage().contains("other.example"),
                e.getCause().getMessage());
        free(client, server);
    }

    @Test
    void connectionsAreFreedAndUnregistered() throws Exception {
        assumeTrue(LibSsl.isAvailable());
        int before = SslCallbacks.registered();
        for (int i = 0; i < 20; i++) {
            SSLEngine client = TlsPeers.context(OURS, (String) null).createSSLEngine("localhost", 443);
            SSLEngine server = TlsPeers.context(OURS, "ec256").createSSLEngine();
            client.setUseClientMode(true);
            server.setUseClientMode(false);
            new TlsPeers.Pair(client, server).handshake();
            free(client, server);
        }
        // freed ones leave at once; engines other tests dropped may be collected meanwhile
        assertTrue(SslCallbacks.registered() <= before, SslCallbacks.registered() + " > " + before);
    }

    /**
     * Engines closed both ways (close_notify sent and read, each side) free libssl's objects at
     * once, on the caller's thread, without waiting for a GC; the sessions stay readable.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void enginesClosedBothWaysFreeTheirConnectionAtOnce(String protocol) throws Exception {
        assumeTrue(LibSsl.isAvailable());
        int before = SslCallbacks.registered();
        List<SSLEngine> kept = new ArrayList<>(); // reachable: only closing may free them
        for (int i = 0; i < 10; i++) {
            SSLEngine client = TlsPeers.context(OURS, (String) null).createSSLEngine("localhost", 443);
            SSLEngine server = TlsPeers.context(OURS, "ec256").createSSLEngine();
            client.setUseClientMode(true);
            server.setUseClientMode(false);
            client.setEnabledProtocols(new String[] {protocol});
            kept.add(client);
            kept.add(server);
            TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
            pair.handshake();
            pair.closeFromClient();
            // TLS 1.2's server answers close_notify with its own; a TLS 1.3 one closes when told
            server.closeOutbound();
            TlsPeers.Pair back = new TlsPeers.Pair(server, client);
            back.closeFromClient();
            for (SSLEngine e : List.of(client, server)) {
                assertTrue(e.isInboundDone() && e.isOutboundDone(), "closed both ways");
                assertEquals(null, ((AccelSslEngine) e).negotiatedGroup(), "libssl's objects are gone");
                assertEquals(protocol, e.getSession().getProtocol());
            }
        }
        assertTrue(
                SslCallbacks.registered() <= before,
                "freed without a GC: " + SslCallbacks.registered() + " > " + before + " (" + kept.size() + " engines)");
    }

    @Test
    void enginesDroppedWithoutClosingAreFreedByTheCleaner() throws Exception {
        SSLContext clientCtx = TlsPeers.context(OURS, (String) null);
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        int before = SslCallbacks.registered();
        for (int i = 0; i < 30; i++) {
            SSLEngine client = clientCtx.createSSLEngine("localhost", 443);
            SSLEngine server = serverCtx.createSSLEngine();
            client.setUseClientMode(true);
            server.setUseClientMode(false);
            new TlsPeers.Pair(client, server).handshake();
        }
        assertTrue(SslCallbacks.registered() >= before, "registered while reachable");
        // engines other tests left unclosed may go in the same collections: at most as many as before
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (SslCallbacks.registered() > before && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
        }
        assertTrue(
                SslCallbacks.registered() <= before,
                "the callback table does not keep engines alive: " + SslCallbacks.registered() + " > " + before);
    }

    private static void free(SSLEngine... engines) {
        for (SSLEngine e : engines) {
            if (e instanceof AccelSslEngine ours) {
                ours.free();
            }
        }
    }
}
