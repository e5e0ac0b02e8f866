package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.libssl.CertCompression;
import dev.acceljce.libssl.LibSsl;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TLS 1.3 certificate compression (RFC 8879, zlib) engine to engine: our client offers it, our
 * server compresses its Certificate message for it, the client inflates it and verifies the same
 * chain. With {@code acceljce.tls.certCompression=false} on either side nothing is compressed;
 * TLS 1.2 has no such message. The bytes each handshake puts on the wire, with and without, are
 * printed (one line per certificate kind) and the saving asserted where a chain repeats names.
 */
class CertCompressionTest {
    private static final String OURS = "AccelJCE-TLS";
    private static final String PROPERTY = "acceljce.tls.certCompression";
    private static final java.util.concurrent.atomic.AtomicInteger PORTS =
            new java.util.concurrent.atomic.AtomicInteger(20000);
    private static KeyStore chain;

    @BeforeAll
    static void rsaChain() throws Exception {
        assertTrue(LibSsl.isAvailable(), "libssl must load from the bundle: " + LibSsl.unavailableReason());
        // a two-certificate RSA chain (a CA and the leaf it issued), as servers send: the issuer's
        // name appears in both certificates
        Path dir = Files.createTempDirectory("acceljce-certcomp-");
        dir.toFile().deleteOnExit();
        Path p12 = dir.resolve("chain.p12");
        keytool(p12, "ca", "CN=AccelJCE test CA, O=AccelJCE, C=DE", "bc:c", null);
        keytool(p12, "leaf", "CN=localhost, O=AccelJCE, C=DE", "san=dns:localhost", "ca");
        p12.toFile().deleteOnExit();
        chain = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(p12)) {
            chain.load(in, TlsPeers.PASSWORD);
        }
    }

    private static void keytool(Path p12, String alias, String dname, String ext, String signer) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                alias,
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                dname,
                "-ext",
                ext,
                "-keystore",
                p12.toString(),
                "-storepass",
                new String(TlsPeers.PASSWORD),
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

    private static KeyManager[] chainKeyManagers() throws Exception {
        KeyStore one = KeyStore.getInstance("PKCS12");
        one.load(null, null);
        one.setKeyEntry(
                "leaf", chain.getKey("leaf", TlsPeers.PASSWORD), TlsPeers.PASSWORD, chain.getCertificateChain("leaf"));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(one, TlsPeers.PASSWORD);
        return kmf.getKeyManagers();
    }

    /** A context of ours, initialised with compression on or off. */
    private static SSLContext context(KeyManager[] km, boolean compression) throws Exception {
        String before = System.getProperty(PROPERTY);
        System.setProperty(PROPERTY, String.valueOf(compression));
        try {
            return TlsPeers.context(OURS, km, TlsPeers.trusting(chain.getCertificate("ca")));
        } finally {
            if (before == null) {
                System.clearProperty(PROPERTY);
            } else {
                System.setProperty(PROPERTY, before);
            }
        }
    }

    /** What one handshake did: the server's and client's bytes, and compressions/decompressions in it. */
    record Handshake(long serverBytes, long clientBytes, long compressed, long decompressed) {}

    private static Handshake handshake(SSLContext client, SSLContext server, String protocol) throws Exception {
        // a new peer port each time: a client resuming a session would be sent no certificate
        SSLEngine c = client.createSSLEngine("localhost", PORTS.incrementAndGet());
        SSLEngine s = server.createSSLEngine();
        c.setUseClientMode(true);
        s.setUseClientMode(false);
        SSLParameters cp = c.getSSLParameters();
        cp.setProtocols(new String[] {protocol});
        cp.setNamedGroups(new String[] {"x25519"}); // one key share: the byte counts compare certificates
        cp.setEndpointIdentificationAlgorithm("HTTPS");
        c.setSSLParameters(cp);
        CertCompression.Stats before = CertCompression.stats();
        TlsPeers.Pair pair = new TlsPeers.Pair(c, s);
        pair.handshake();
        CertCompression.Stats after = CertCompression.stats();
        assertEquals(chain.getCertificate("leaf"), c.getSession().getPeerCertificates()[0]);
        assertEquals(2, c.getSession().getPeerCertificates().length);
        assertArrayEquals("ping".getBytes(), pair.send(true, "ping".getBytes()));
        ((AccelSslEngine) c).free();
        ((AccelSslEngine) s).free();
        return new Handshake(
                pair.serverHandshakeBytes,
                pair.clientHandshakeBytes,
                after.compressed() - before.compressed(),
                after.decompressed() - before.decompressed());
    }

    @Test
    void ourClientOffersAndOurServerCompresses() throws Exception {
        KeyManager[] km = chainKeyManagers();
        Handshake on = handshake(context(null, true), context(km, true), "TLSv1.3");
        Handshake off = handshake(context(null, false), context(km, false), "TLSv1.3");
        assertEquals(1, on.compressed(), "the server compressed its Certificate message");
        assertEquals(1, on.decompressed(), "the client inflated it");
        assertEquals(0, off.compressed() + off.decompressed());
        System.out.printf(
                "certificate compression, RSA-2048 CA + leaf, TLS 1.3 x25519: server sent %d bytes without,"
                        + " %d with zlib (%d fewer); client sent %d / %d%n",
                off.serverBytes(),
                on.serverBytes(),
                off.serverBytes() - on.serverBytes(),
                off.clientBytes(),
                on.clientBytes());
        assertTrue(
                on.serverBytes() < off.serverBytes() - 100,
                "zlib made the server's flight smaller: " + on + " vs " + off);
    }

    @Test
    void eitherSideOffTurnsItOff() throws Exception {
        KeyManager[] km = chainKeyManagers();
        Handshake clientOff = handshake(context(null, false), context(km, true), "TLSv1.3");
        assertEquals(0, clientOff.compressed() + clientOff.decompressed(), "a client that does not offer it");
        Handshake serverOff = handshake(context(null, true), context(km, false), "TLSv1.3");
        assertEquals(0, serverOff.compressed() + serverOff.decompressed(), "a server that does not take it");
    }

    @Test
    void notInTls12() throws Exception {
        Handshake h = handshake(context(null, true), context(chainKeyManagers(), true), "TLSv1.2");
        assertEquals(0, h.compressed() + h.decompressed(), "RFC 8879 is TLS 1.3's");
    }

    /** The same server context answers many clients: the compressed chain is made once and reused. */
    @Test
    void manyHandshakesOneChain() throws Exception {
        SSLContext server = context(chainKeyManagers(), true);
        SSLContext client = context(null, true);
        long bytes = -1;
        for (int i = 0; i < 5; i++) {
            Handshake h = handshake(client, server, "TLSv1.3");
            assertEquals(1, h.compressed());
            if (bytes >= 0) {
                assertEquals(bytes, h.serverBytes(), "every handshake's server flight is as long");
            }
            bytes = h.serverBytes();
        }
    }
}
