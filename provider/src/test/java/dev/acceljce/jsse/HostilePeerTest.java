package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;

/**
 * AccelJCE's TLS engine against a peer that breaks the rules: a tampered record, an oversized or
 * malformed one, records of a flight reordered or cut short, groups and suites it refuses, a
 * renegotiation attempt. Each ends in an {@link SSLException} (an {@link SSLHandshakeException}
 * during the handshake), the engine done inbound, its alert wrapped, then CLOSED; no plaintext of
 * a rejected record comes out.
 */
class HostilePeerTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";

    private static TlsPeers.Pair established(String clientStack, String serverStack, String protocol) throws Exception {
        SSLEngine client = TlsPeers.context(clientStack, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(serverStack, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {protocol});
        server.setUseClientMode(false);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        return pair;
    }

    /** One application record from {@code from}, as bytes. */
    private static byte[] record(SSLEngine from, byte[] plaintext) throws SSLException {
        ByteBuffer out = ByteBuffer.allocate(from.getSession().getPacketBufferSize());
        SSLEngineResult r = from.wrap(ByteBuffer.wrap(plaintext), out);
        assertEquals(SSLEngineResult.Status.OK, r.getStatus());
        byte[] b = new byte[out.position()];
        out.flip().get(b);
        return b;
    }

    /**
     * Asserts {@code e} was closed by the failure: done inbound, its alert to send (the last record
     * wrapped; a plaintext alert record before encryption, an encrypted one after), then CLOSED.
     */
    private static void assertFailedAndClosing(SSLEngine e) throws SSLException {
        assertFailedAndClosing(e, true);
    }

    private static void assertFailedAndClosing(SSLEngine e, boolean alertExpected) throws SSLException {
        assertTrue(e.isInboundDone(), "inbound done after a fatal error");
        if (!alertExpected) {
            assertEquals(
                    SSLEngineResult.Status.CLOSED,
                    e.wrap(ByteBuffer.allocate(0), ByteBuffer.allocate(64)).getStatus());
            assertTrue(e.isOutboundDone());
            return;
        }
        ByteBuffer alert = ByteBuffer.allocate(4096);
        SSLEngineResult r = e.wrap(ByteBuffer.allocate(0), alert);
        assertTrue(r.bytesProduced() > 0, "an alert is wrapped: " + r);
        List<byte[]> records = split(alert.flip());
        byte[] last = records.get(records.size() - 1);
        assertTrue(
                last[0] == 21 || last[0] == 23 && e.getSession().isValid() == false,
                "the last record is the alert: type " + last[0]);
        assertTrue(e.isOutboundDone(), "then outbound is done");
        assertEquals(
                SSLEngineResult.Status.CLOSED,
                e.wrap(ByteBuffer.allocate(0), alert.clear()).getStatus());
    }

    @Test
    void tamperedRecordIsRefusedWithoutPlaintext() throws Exception {
        for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
            TlsPeers.Pair pair = established(JDK, OURS, protocol);
            byte[] rec = record(pair.client, "secret request".getBytes());
            rec[rec.length - 3] ^= 1; // inside the tag
            ByteBuffer plain = ByteBuffer.allocate(32 * 1024);
            assertThrows(SSLException.class, () -> pair.server.unwrap(ByteBuffer.wrap(rec), plain), protocol);
            assertEquals(0, plain.position(), "no plaintext released");
            assertFailedAndClosing(pair.server);
        }
    }

    @Test
    void oversizedRecordIsRefused() throws Exception {
        TlsPeers.Pair pair = established(JDK, OURS, "TLSv1.3");
        byte[] rec = new byte[5 + 20_000];
        rec[0] = 23;
        rec[1] = 3;
        rec[2] = 3;
        rec[3] = (byte) (20_000 >> 8);
        rec[4] = (byte) 20_000;
        assertThrows(
                SSLException.class, () -> pair.server.unwrap(ByteBuffer.wrap(rec), ByteBuffer.allocate(32 * 1024)));
        assertFailedAndClosing(pair.server);
    }

    @Test
    void garbageInsteadOfAClientHelloFailsTheHandshake() throws Exception {
        SSLEngine server = TlsPeers.context(OURS, "ec256").createSSLEngine();
        server.setUseClientMode(false);
        byte[] junk = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes();
        SSLHandshakeException e = assertThrows(
                SSLHandshakeException.class, () -> server.unwrap(ByteBuffer.wrap(junk), ByteBuffer.allocate(1024)));
        assertTrue(e.getMessage().contains("HTTP_REQUEST"), e.getMessage());
        // libssl sends no alert to what is plainly an HTTP client (nor would it understand one)
        assertFailedAndClosing(server, false);
    }

    @Test
    void reorderedServerFlightFailsTheClient() throws Exception {
        SSLEngine client = TlsPeers.context(OURS, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(JDK, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {"TLSv1.2"}); // plaintext flight: records are visible
        server.setUseClientMode(false);
        ByteBuffer hello = ByteBuffer.allocate(32 * 1024);
        client.wrap(ByteBuffer.allocate(0), hello);
        hello.flip();
        ByteBuffer flight = ByteBuffer.allocate(64 * 1024);
        while (hello.hasRemaining() || server.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NEED_UNWRAP) {
            switch (server.getHandshakeStatus()) {
                case NEED_UNWRAP, NOT_HANDSHAKING -> server.unwrap(hello, ByteBuffer.allocate(32 * 1024));
                case NEED_TASK -> {
                    Runnable t;
                    while ((t = server.getDelegatedTask()) != null) {
                        t.run();
                    }
                }
                case NEED_WRAP -> server.wrap(ByteBuffer.allocate(0), flight);
                default -> throw new AssertionError(server.getHandshakeStatus());
            }
        }
        // SunJSSE sends the flight (ServerHello, Certificate, ServerKeyExchange, ServerHelloDone)
        // in one plaintext handshake record: swap its first two messages
        List<byte[]> records = split(flight.flip());
        List<byte[]> swapped = new ArrayList<>(records);
        swapped.set(0, swapFirstTwoMessages(records.get(0)));
        SSLException e = assertThrows(SSLException.class, () -> {
            for (byte[] r : swapped) {
                client.unwrap(ByteBuffer.wrap(r), ByteBuffer.allocate(32 * 1024));
                Runnable t;
                while ((t = client.getDelegatedTask()) != null) {
                    t.run();
                }
            }
        });
        assertTrue(e instanceof SSLHandshakeException, e.toString());
        assertFailedAndClosing(client);
    }

    /** A handshake record with its first two messages (type, 3-byte length, body) in the other order. */
    private static byte[] swapFirstTwoMessages(byte[] record) {
        assertEquals(22, record[0], "a handshake record");
        ByteBuffer body = ByteBuffer.wrap(record, 5, record.length - 5);
        byte[] first = message(body), second = message(body);
        byte[] rest = new byte[body.remaining()];
        body.get(rest);
        ByteBuffer out = ByteBuffer.allocate(record.length);
        out.put(record, 0, 5).put(second).put(first).put(rest);
        return out.array();
    }

    private static byte[] message(ByteBuffer b) {
        int len = ((b.get(b.position() + 1) & 0xff) << 16)
                | ((b.get(b.position() + 2) & 0xff) << 8)
                | (b.get(b.position() + 3) & 0xff);
        byte[] m = new byte[4 + len];
        b.get(m);
        return m;
    }

    private static List<byte[]> split(ByteBuffer b) {
        List<byte[]> out = new ArrayList<>();
        while (b.remaining() >= 5) {
            int len = ((b.get(b.position() + 3) & 0xff) << 8) | (b.get(b.position() + 4) & 0xff);
            byte[] r = new byte[5 + len];
            b.get(r);
            out.add(r);
        }
        return out;
    }

    @Test
    void flightCutShortThenClosedInboundIsAnError() throws Exception {
        SSLEngine client = TlsPeers.context(OURS, (String) null).createSSLEngine("localhost", 443);
        client.setUseClientMode(true);
        client.wrap(ByteBuffer.allocate(0), ByteBuffer.allocate(32 * 1024));
        assertThrows(SSLException.class, client::closeInbound, "closing inbound before the peer's close_notify");
        assertTrue(client.isInboundDone());
    }

    @Test
    void peerWithOnlyRefusedGroupsFailsTheHandshake() throws Exception {
        SSLEngine client = TlsPeers.context(JDK, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(OURS, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        SSLParameters p = client.getSSLParameters();
        p.setNamedGroups(new String[] {"x448", "ffdhe2048"});
        client.setSSLParameters(p);
        server.setUseClientMode(false);
        assertThrows(SSLException.class, new TlsPeers.Pair(client, server)::handshake);
        assertTrue(server.isInboundDone());
    }

    @Test
    void peerWithOnlyRefusedSuitesFailsTheHandshake() throws Exception {
        SSLEngine client = TlsPeers.context(JDK, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(OURS, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {"TLSv1.2"});
        client.setEnabledCipherSuites(new String[] {"TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA"}); // not on by default here
        server.setUseClientMode(false);
        assertThrows(SSLException.class, new TlsPeers.Pair(client, server)::handshake);
        assertTrue(server.isInboundDone());
    }

    @Test
    void renegotiationIsRefused() throws Exception {
        TlsPeers.Pair ours = established(OURS, JDK, "TLSv1.2");
        SSLException e = assertThrows(SSLException.class, ours.client::beginHandshake);
        assertTrue(e.getMessage().contains("renegotiation"), e.getMessage());

        TlsPeers.Pair jdkClient = established(JDK, OURS, "TLSv1.2");
        jdkClient.client.beginHandshake(); // SunJSSE asks for a renegotiation: a new ClientHello
        ByteBuffer hello = ByteBuffer.allocate(32 * 1024);
        jdkClient.client.wrap(ByteBuffer.allocate(0), hello);
        hello.flip();
        ByteBuffer plain = ByteBuffer.allocate(32 * 1024);
        assertThrows(SSLException.class, () -> {
            while (hello.hasRemaining()) {
                if (jdkClient.server.unwrap(hello, plain).bytesConsumed() == 0) {
                    break;
                }
            }
        });
        assertEquals(0, plain.position());
    }
}
