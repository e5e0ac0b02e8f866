package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;

/**
 * A TLS 1.2 client whose named groups leave out the curve of the server's ECDSA certificate
 * (x25519 only, a P-256 certificate). SunJSSE's client completes; libssl's refuses the
 * certificate (BAD_ECC_CERT): it checks an ECDSA leaf's curve against the client's own
 * supported_groups in TLS 1.2 (RFC 8422 section 5.1: the list also names the curves the client
 * can verify with), and has no switch to skip the check. Offering P-256 to pass it would let the
 * server choose P-256 for the key exchange the caller limited to x25519, so AccelJCE-TLS keeps the
 * refusal: this test pins both behaviours (docs/tls.md lists the difference). TLS 1.3 is not
 * affected (the groups are for key exchange only there).
 */
class ClientGroupsAndServerCurveTest {
    private static TlsPeers.Pair pair(String clientStack, String protocol) throws Exception {
        SSLEngine client = TlsPeers.context(clientStack, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context("SunJSSE", "ec256").createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {protocol});
        SSLParameters p = client.getSSLParameters();
        p.setNamedGroups(new String[] {"x25519"});
        client.setSSLParameters(p);
        server.setUseClientMode(false);
        return new TlsPeers.Pair(client, server);
    }

    /**
     * SunJSSE's server (like OpenSSL's) will not present a P-256 certificate to a TLS 1.2 client
     * that listed x25519 only, so the server here answers the client's hello with secp256r1 added
     * after x25519 to its supported_groups: it still chooses x25519, signs over the client's own
     * random, and presents its P-256 certificate. Each client gets that flight: SunJSSE's goes on
     * (its Finished would then fail on the edited transcript, which is not what is tested), ours
     * refuses the certificate.
     */
    @Test
    void sunJsseClientTakesTheCertificateOursRefusesItInTls12() throws Exception {
        java.util.Map<String, String> answers = new java.util.TreeMap<>();
        for (String stack : new String[] {"SunJSSE", "AccelJCE-TLS"}) {
            TlsPeers.Pair p = pair(stack, "TLSv1.2");
            HandshakeSurgery.Hello hello =
                    HandshakeSurgery.Hello.parse(HandshakeSurgery.records(HandshakeSurgery.clientHello(p.client))
                            .get(0));
            assertEquals(
                    java.util.Arrays.toString(HandshakeSurgery.u16List(0x001d)),
                    java.util.Arrays.toString(hello.extension(HandshakeSurgery.SUPPORTED_GROUPS).data),
                    stack + " lists x25519 only");
            hello.extension(HandshakeSurgery.SUPPORTED_GROUPS).data = HandshakeSurgery.u16List(0x001d, 0x0017);
            byte[] flight = AlertParityTest.serverFlight(p.server, hello.record());
            Throwable[] thrown = new Throwable[1];
            answers.put(stack, HandshakeSurgery.answer(p.client, flight, thrown));
            if (stack.equals("AccelJCE-TLS")) {
                assertTrue(thrown[0] instanceof SSLHandshakeException, String.valueOf(thrown[0]));
                assertTrue(thrown[0].getMessage().contains("BAD_ECC_CERT"), thrown[0].getMessage());
            }
        }
        assertEquals("went on", answers.get("SunJSSE"));
        assertEquals("alert 47 illegal_parameter", answers.get("AccelJCE-TLS"));
    }

    @Test
    void tls13IsNotAffected() throws Exception {
        for (String stack : new String[] {"SunJSSE", "AccelJCE-TLS"}) {
            TlsPeers.Pair p = pair(stack, "TLSv1.3");
            p.handshake();
            assertEquals("TLSv1.3", p.client.getSession().getProtocol(), stack);
        }
    }
}
