package dev.acceljce.jsse;

import static dev.acceljce.jsse.RawRecords.ALERT;
import static dev.acceljce.jsse.RawRecords.APPLICATION_DATA;
import static dev.acceljce.jsse.RawRecords.CCS;
import static dev.acceljce.jsse.RawRecords.HANDSHAKE;
import static dev.acceljce.jsse.RawRecords.HEARTBEAT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;

/**
 * The same hostile bytes fed to AccelJCE's server engine and to SunJSSE's: malformed records of
 * every kind, ClientHellos of the largest size with thousands of extensions, early data nobody
 * asked for. Each case ends in one of three outcome classes (refused with an {@link SSLException},
 * answered with a server flight, or waiting for more), within a bounded time, with no plaintext
 * released; AccelJCE's class is SunJSSE's except where {@link #DIFFERENCES} says otherwise and why.
 */
class HostileInputTest {
    /** A case's budget of server time, generous for a busy 2-core machine. */
    private static final long BUDGET_MILLIS = 3000;

    /** Cases whose outcome class differs from SunJSSE's, as "AccelJCE / SunJSSE", with the reason. */
    static final Map<String, String> DIFFERENCES = Map.of(
            // libssl checks the record version's both bytes; SunJSSE only the major one
            "record version 0xffff", "REFUSED / ANSWERED",
            // libssl skips up to 32 empty records (then TOO_MANY_EMPTY_FRAGMENTS); SunJSSE none
            "empty handshake record, then the hello", "ANSWERED / REFUSED",
            // libssl takes at most 4 warning alerts in a row (TOO_MANY_WARNING_ALERTS); SunJSSE all
            "50 warning alerts, then the hello", "REFUSED / ANSWERED",
            // RFC 8446 4.2: no two extensions of one type; libssl refuses, SunJSSE takes unknown ones
            "3000 copies of one unknown extension", "REFUSED / ANSWERED");

    enum Kind {
        REFUSED,
        ANSWERED,
        WAITING
    }

    record Outcome(Kind kind, String detail, long millis) {
        @Override
        public String toString() {
            return kind + " (" + millis + " ms" + (detail == null ? "" : ", " + detail) + ")";
        }
    }

    /**
     * Feeds {@code wire} to {@code server} record by record as a socket would, wrapping whenever it
     * asks and running its tasks; an SSLException ends it. Plaintext coming out fails the test.
     */
    static Outcome feed(SSLEngine server, byte[] wire) {
        long t0 = System.nanoTime();
        ByteBuffer in = ByteBuffer.wrap(wire);
        ByteBuffer app = ByteBuffer.allocate(64 * 1024);
        ByteBuffer out = ByteBuffer.allocate(256 * 1024);
        boolean answered = false;
        try {
            for (int step = 0; step < 100_000; step++) {
                HandshakeStatus hs = server.getHandshakeStatus();
                if (hs == HandshakeStatus.NEED_TASK) {
                    Runnable t;
                    while ((t = server.getDelegatedTask()) != null) {
                        t.run();
                    }
                } else if (hs == HandshakeStatus.NEED_WRAP) {
                    SSLEngineResult r = server.wrap(ByteBuffer.allocate(0), out.clear());
                    answered |= r.bytesProduced() > 0;
                    if (r.bytesProduced() == 0) {
                        break;
                    }
                } else {
                    if (!in.hasRemaining()) {
                        break;
                    }
                    SSLEngineResult r = server.unwrap(in, app);
                    if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW
                            || r.bytesConsumed() == 0
                                    && r.getHandshakeStatus() != HandshakeStatus.NEED_WRAP
                                    && r.getHandshakeStatus() != HandshakeStatus.NEED_TASK) {
                        break;
                    }
                }
            }
        } catch (SSLException e) {
            assertEquals(0, app.position(), "no plaintext from a refused peer");
            return new Outcome(Kind.REFUSED, e.getMessage(), ms(t0));
        }
        assertEquals(0, app.position(), "no plaintext before a handshake");
        return new Outcome(answered ? Kind.ANSWERED : Kind.WAITING, null, ms(t0));
    }

    private static long ms(long t0) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    private static final Map<String, javax.net.ssl.SSLContext> CONTEXTS = new java.util.HashMap<>();

    static synchronized SSLEngine server(String stack) throws Exception {
        javax.net.ssl.SSLContext ctx = CONTEXTS.get(stack);
        if (ctx == null) {
            ctx = TlsPeers.context(stack, "ec256");
            CONTEXTS.put(stack, ctx);
        }
        SSLEngine s = ctx.createSSLEngine();
        s.setUseClientMode(false);
        return s;
    }

    /** Every case: a name and the bytes a hostile client sends first. */
    static Map<String, byte[]> cases() throws Exception {
        byte[] wire13 = RawRecords.sunClientHello(null);
        byte[] hello = RawRecords.handshakeBody(wire13);
        byte[] helloRecord = RawRecords.split(wire13).get(0);
        Random random = new Random(45);
        byte[] noise = new byte[1000];
        random.nextBytes(noise);
        Map<String, byte[]> c = new LinkedHashMap<>();

        // record framing
        c.put("content type 0", RawRecords.record(0, new byte[] {1, 2, 3}));
        c.put("content type 255", RawRecords.record(255, new byte[] {1, 2, 3}));
        c.put("heartbeat record before the hello", RawRecords.record(HEARTBEAT, new byte[] {1, 0, 16, 'x'}));
        c.put("record version 0x0000", RawRecords.record(HANDSHAKE, 0x0000, hello, hello.length));
        c.put("record version 0xffff", RawRecords.record(HANDSHAKE, 0xffff, hello, hello.length));
        c.put("record longer than 2^14 + 2048", RawRecords.record(HANDSHAKE, 0x0303, new byte[18_500], 18_500));
        c.put("record claiming 65535 bytes, 10 sent", RawRecords.record(HANDSHAKE, 0x0303, new byte[10], 0xffff));
        c.put(
                "empty handshake record, then the hello",
                RawRecords.concat(List.of(RawRecords.record(HANDSHAKE, new byte[0]), helloRecord)));
        List<byte[]> empties = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            empties.add(RawRecords.record(HANDSHAKE, new byte[0]));
        }
        c.put("100 empty handshake records", RawRecords.concat(empties));
        c.put("hello one byte per record", RawRecords.fragment(hello, 1));
        c.put("application data before the hello", RawRecords.record(APPLICATION_DATA, noise));
        c.put("change_cipher_spec before the hello", RawRecords.record(CCS, new byte[] {1}));
        c.put(
                "change_cipher_spec of value 2 after the hello",
                RawRecords.concat(List.of(helloRecord, RawRecords.record(CCS, new byte[] {2}))));
        c.put("alert of 1 byte", RawRecords.record(ALERT, new byte[] {2}));
        c.put("alert of 3 bytes", RawRecords.record(ALERT, new byte[] {1, 0, 0}));
        List<byte[]> warnings = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            warnings.add(RawRecords.record(ALERT, new byte[] {1, 90})); // warning user_canceled
        }
        warnings.add(helloRecord);
        c.put("50 warning alerts, then the hello", RawRecords.concat(warnings));
        c.put("SSLv2-format hello", new byte[] {
            (byte) 0x80,
            0x2e,
            0x01,
            0x03,
            0x01,
            0x00,
            0x15,
            0x00,
            0x00,
            0x00,
            0x10,
            0x00,
            0x00,
            0x2f,
            0x00,
            0x00,
            0x35,
            0x00,
            0x00,
            0x0a,
            0x00,
            0x00,
            0x05,
            0x00,
            0x00,
            0x04,
            0x00,
            0x00,
            (byte) 0xff,
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            8,
            9,
            10,
            11,
            12,
            13,
            14,
            15,
            16
        });

        // handshake messages
        c.put("unknown handshake type 99", RawRecords.record(HANDSHAKE, new byte[] {99, 0, 0, 1, 0}));
        c.put(
                "hello claiming 16 MiB",
                RawRecords.record(HANDSHAKE, new byte[] {1, (byte) 0xff, (byte) 0xff, (byte) 0xff, 3, 3}));
        byte[] truncated = java.util.Arrays.copyOf(hello, hello.length / 2);
        truncated[1] = 0;
        truncated[2] = (byte) ((truncated.length - 4) >> 8);
        truncated[3] = (byte) (truncated.length - 4);
        c.put("hello cut in half, lengths fixed", RawRecords.fragment(truncated, 16384));
        c.put("two hellos in a row", RawRecords.concat(List.of(helloRecord, helloRecord)));

        // thousands of extensions in a ClientHello both take (under libssl's 16 KiB and SunJSSE's 32 KiB)
        c.put(
                "3000 unknown empty extensions",
                RawRecords.fragment(
                        RawRecords.withExtensions(hello, RawRecords.emptyExtensions(0xa001, 1, 3000)), 16384));
        c.put(
                "3000 copies of one unknown extension",
                RawRecords.fragment(
                        RawRecords.withExtensions(hello, RawRecords.emptyExtensions(0xa001, 0, 3000)), 16384));
        // the largest ClientHellos: the extension list filled to 65,535 bytes
        int room = (65_535 - extensionsLength(hello)) / 4;
        c.put(
                room + " unknown empty extensions",
                RawRecords.fragment(
                        RawRecords.withExtensions(hello, RawRecords.emptyExtensions(0xa001, 1, room)), 16384));
        c.put(
                room + " copies of one unknown extension",
                RawRecords.fragment(
                        RawRecords.withExtensions(hello, RawRecords.emptyExtensions(0xa001, 0, room)), 16384));
        byte[] padding = new byte[4 + 60_000];
        ByteBuffer.wrap(padding).putShort((short) 0xa001).putShort((short) 60_000);
        c.put(
                "one 60,000-byte unknown extension",
                RawRecords.fragment(RawRecords.withExtensions(hello, padding), 16384));
        byte[] overflow = RawRecords.withExtensions(hello, RawRecords.emptyExtensions(0xa001, 1, room + 100));
        c.put("extension list past 65,535 bytes", RawRecords.fragment(overflow, 16384));

        // TLS 1.3 early data nobody agreed to
        List<byte[]> early = new ArrayList<>(List.of(helloRecord));
        for (int i = 0; i < 40; i++) {
            early.add(RawRecords.record(APPLICATION_DATA, noise));
        }
        c.put("hello, then 40 KB of early data", RawRecords.concat(early));
        byte[] helloEarly = RawRecords.withExtensions(hello, new byte[] {0, 42, 0, 0}); // early_data, no PSK
        List<byte[]> early2 = new ArrayList<>(List.of(RawRecords.fragment(helloEarly, 16384)));
        for (int i = 0; i < 40; i++) {
            early2.add(RawRecords.record(APPLICATION_DATA, noise));
        }
        c.put("hello with early_data, then 40 KB of early data", RawRecords.concat(early2));
        return c;
    }

    private static int extensionsLength(byte[] hello) {
        ByteBuffer b = ByteBuffer.wrap(hello);
        b.position(4 + 2 + 32);
        b.position(b.position() + 1 + (b.get(b.position()) & 0xff));
        b.position(b.position() + 2 + (b.getShort(b.position()) & 0xffff));
        b.position(b.position() + 1 + (b.get(b.position()) & 0xff));
        return b.getShort(b.position()) & 0xffff;
    }

    @Test
    void sameHostileBytesSameOutcomeClassAsSunJsse() throws Exception {
        StringBuilder table = new StringBuilder("| Case | AccelJCE-TLS | SunJSSE |\n|---|---|---|\n");
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, byte[]> c : cases().entrySet()) {
            SSLEngine ours = server("AccelJCE-TLS");
            Outcome o = feed(ours, c.getValue());
            Outcome j = feed(server("SunJSSE"), c.getValue());
            table.append("| ")
                    .append(c.getKey())
                    .append(" | ")
                    .append(o)
                    .append(" | ")
                    .append(j)
                    .append(" |\n");
            if (o.millis() > BUDGET_MILLIS) {
                failures.add(c.getKey() + ": took " + o.millis() + " ms");
            }
            if (o.kind() == Kind.REFUSED) {
                assertTrue(ours.isInboundDone(), c.getKey() + ": done inbound after refusing");
                for (int i = 0; i < 4 && !ours.isOutboundDone(); i++) {
                    ours.wrap(ByteBuffer.allocate(0), ByteBuffer.allocate(64 * 1024));
                }
                assertTrue(ours.isOutboundDone(), c.getKey() + ": closed outbound after its alert");
            }
            String expected = DIFFERENCES.get(c.getKey());
            String got = o.kind() + " / " + j.kind();
            if (expected == null ? o.kind() != j.kind() : !expected.startsWith(got)) {
                failures.add(c.getKey() + ": " + got + (expected == null ? "" : ", expected " + expected));
            }
        }
        System.out.println(table);
        assertTrue(failures.isEmpty(), String.join("\n", failures) + "\n" + table);
    }
}
