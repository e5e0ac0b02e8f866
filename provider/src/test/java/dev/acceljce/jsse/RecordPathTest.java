package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The record path of AccelJCE-TLS's engine as an application drives it, against SunJSSE and
 * against itself: sources of every shape (heap, direct, read-only, several at once) sealed one
 * record per {@code wrap}; destinations of every shape, several at once; a record that arrives in
 * pieces; and overflow and underflow answers that consume nothing.
 */
class RecordPathTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";
    private static final int HEADER = 5, MAX_PLAINTEXT = 16384;

    static Stream<Arguments> peers() {
        List<Arguments> out = new ArrayList<>();
        for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
            out.add(Arguments.of(OURS, JDK, protocol));
            out.add(Arguments.of(JDK, OURS, protocol));
            out.add(Arguments.of(OURS, OURS, protocol));
        }
        return out.stream();
    }

    private static TlsPeers.Pair connected(String clientStack, String serverStack, String protocol) throws Exception {
        SSLEngine client = TlsPeers.context(clientStack, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(serverStack, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        SSLParameters p = client.getSSLParameters();
        p.setProtocols(new String[] {protocol});
        p.setNamedGroups(new String[] {"x25519", "secp256r1"});
        client.setSSLParameters(p);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        // what the handshake left in flight (a TLS 1.3 server's tickets): delivered
        pair.send(false, new byte[1]);
        pair.send(true, new byte[1]);
        return pair;
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Splits {@code data} into a heap, a read-only heap, a direct and a read-only direct buffer. */
    private static ByteBuffer[] shapes(byte[] data) {
        int a = 100, b = 5000, c = 3000;
        ByteBuffer heap = ByteBuffer.wrap(data, 0, a).slice();
        ByteBuffer readOnlyHeap = ByteBuffer.wrap(data, a, b).slice().asReadOnlyBuffer();
        ByteBuffer direct = ByteBuffer.allocateDirect(c).put(data, a + b, c).flip();
        int rest = data.length - a - b - c;
        ByteBuffer readOnlyDirect = ByteBuffer.allocateDirect(rest)
                .put(data, a + b + c, rest)
                .flip()
                .asReadOnlyBuffer();
        return new ByteBuffer[] {heap, readOnlyHeap, direct, readOnlyDirect};
    }

    private static long remaining(ByteBuffer[] bs) {
        long n = 0;
        for (ByteBuffer b : bs) {
            n += b.remaining();
        }
        return n;
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}")
    @MethodSource("peers")
    void everySourceShapeIsSealedOneRecordPerWrap(String clientStack, String serverStack, String protocol)
            throws Exception {
        TlsPeers.Pair pair = connected(clientStack, serverStack, protocol);
        for (boolean directWire : new boolean[] {false, true}) {
            byte[] data = random(50_000, directWire ? 2 : 1);
            ByteBuffer[] srcs = shapes(data);
            ByteBuffer wire = directWire ? ByteBuffer.allocateDirect(1 << 16) : ByteBuffer.allocate(1 << 16);
            ByteBuffer got = ByteBuffer.allocate(data.length + 32 * 1024); // SunJSSE wants room for a whole record
            int wraps = 0;
            while (remaining(srcs) > 0) {
                wire.clear();
                long before = remaining(srcs);
                SSLEngineResult w = pair.client.wrap(srcs, wire);
                assertEquals(Status.OK, w.getStatus(), "wrap " + w);
                assertEquals(before - remaining(srcs), w.bytesConsumed(), "consumed as reported");
                assertTrue(w.bytesConsumed() > 0 && w.bytesConsumed() <= MAX_PLAINTEXT, "one record: " + w);
                assertEquals(w.bytesProduced(), wire.position());
                // exactly one record: its header's length covers what was produced
                int length = ((wire.get(3) & 0xff) << 8) | (wire.get(4) & 0xff);
                assertEquals(w.bytesProduced(), HEADER + length, "one record per wrap");
                wire.flip();
                SSLEngineResult u = pair.server.unwrap(wire, got);
                assertEquals(Status.OK, u.getStatus(), "unwrap " + u);
                assertEquals(w.bytesProduced(), u.bytesConsumed());
                assertEquals(w.bytesConsumed(), u.bytesProduced());
                wraps++;
            }
            assertArrayEquals(data, java.util.Arrays.copyOf(got.array(), got.position()), "the bytes arrive in order");
            assertTrue(wraps >= 4, "a 50,000-byte source takes at least four records: " + wraps);
        }
        pair.closeFromClient();
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}")
    @MethodSource("peers")
    void recordsOpenIntoSeveralDestinationsOfEveryShape(String clientStack, String serverStack, String protocol)
            throws Exception {
        TlsPeers.Pair pair = connected(clientStack, serverStack, protocol);
        byte[] data = random(MAX_PLAINTEXT, 3);
        ByteBuffer wire = ByteBuffer.allocate(1 << 16);
        SSLEngineResult w = pair.server.wrap(ByteBuffer.wrap(data), wire);
        assertEquals(Status.OK, w.getStatus());
        // a full record: 16,384 bytes from libssl, 16,367 from JDK 25's SunJSSE
        assertTrue(w.bytesConsumed() > MAX_PLAINTEXT - 64, "a full record: " + w);
        wire.flip();
        ByteBuffer[] dsts = {ByteBuffer.allocate(1000), ByteBuffer.allocateDirect(7000), ByteBuffer.allocate(20_000)};
        SSLEngineResult u = pair.client.unwrap(wire, dsts);
        assertEquals(Status.OK, u.getStatus(), "unwrap " + u);
        assertEquals(w.bytesConsumed(), u.bytesProduced());
        ByteBuffer got = ByteBuffer.allocate(MAX_PLAINTEXT);
        for (ByteBuffer d : dsts) {
            got.put(d.flip());
        }
        assertArrayEquals(
                java.util.Arrays.copyOf(data, u.bytesProduced()), java.util.Arrays.copyOf(got.array(), got.position()));
        pair.closeFromClient();
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}")
    @MethodSource("peers")
    void aRecordArrivingInPiecesIsOpenedOnceWhole(String clientStack, String serverStack, String protocol)
            throws Exception {
        TlsPeers.Pair pair = connected(clientStack, serverStack, protocol);
        for (boolean direct : new boolean[] {false, true}) {
            byte[] data = random(10_000, 4);
            ByteBuffer sealed = ByteBuffer.allocate(1 << 16);
            SSLEngineResult w = pair.client.wrap(ByteBuffer.wrap(data), sealed);
            assertEquals(Status.OK, w.getStatus());
            sealed.flip();
            int total = sealed.remaining();
            ByteBuffer arriving = direct ? ByteBuffer.allocateDirect(total) : ByteBuffer.allocate(total);
            ByteBuffer got = ByteBuffer.allocate(data.length + 32 * 1024);
            for (int have : new int[] {3, HEADER, total / 2, total - 1}) {
                arriving.clear();
                arriving.put(sealed.duplicate().limit(have)).flip();
                SSLEngineResult u = pair.server.unwrap(arriving, got);
                assertEquals(Status.BUFFER_UNDERFLOW, u.getStatus(), have + " of " + total + ": " + u);
                assertEquals(0, u.bytesConsumed());
                assertEquals(0, arriving.position(), "nothing consumed");
            }
            arriving.clear();
            arriving.put(sealed.duplicate()).flip();
            SSLEngineResult u = pair.server.unwrap(arriving, got);
            assertEquals(Status.OK, u.getStatus(), "whole: " + u);
            assertEquals(total, u.bytesConsumed());
            assertArrayEquals(data, java.util.Arrays.copyOf(got.array(), got.position()));
        }
        pair.closeFromClient();
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}")
    @MethodSource("peers")
    void overflowConsumesNothingAndTheRecordFollows(String clientStack, String serverStack, String protocol)
            throws Exception {
        TlsPeers.Pair pair = connected(clientStack, serverStack, protocol);
        byte[] data = random(MAX_PLAINTEXT, 5);
        ByteBuffer src = ByteBuffer.wrap(data);
        ByteBuffer small = ByteBuffer.allocate(MAX_PLAINTEXT); // no room for the record's overhead
        SSLEngineResult w = pair.client.wrap(src, small);
        assertEquals(Status.BUFFER_OVERFLOW, w.getStatus(), "wrap " + w);
        assertEquals(0, src.position());
        assertEquals(0, small.position());
        ByteBuffer wire = ByteBuffer.allocateDirect(pair.client.getSession().getPacketBufferSize());
        w = pair.client.wrap(src, wire);
        assertEquals(Status.OK, w.getStatus(), "wrap " + w);
        wire.flip();
        ByteBuffer tooSmall = ByteBuffer.allocate(MAX_PLAINTEXT / 2);
        SSLEngineResult u = pair.server.unwrap(wire, tooSmall);
        assertEquals(Status.BUFFER_OVERFLOW, u.getStatus(), "unwrap " + u);
        assertEquals(0, wire.position());
        assertEquals(0, tooSmall.position());
        ByteBuffer enough = ByteBuffer.allocateDirect(pair.server.getSession().getApplicationBufferSize());
        u = pair.server.unwrap(wire, enough);
        assertEquals(Status.OK, u.getStatus(), "unwrap " + u);
        assertEquals(w.bytesConsumed(), u.bytesProduced());
        byte[] got = new byte[u.bytesProduced()];
        enough.flip().get(got);
        assertArrayEquals(java.util.Arrays.copyOf(data, got.length), got);
        pair.closeFromClient();
    }
}
