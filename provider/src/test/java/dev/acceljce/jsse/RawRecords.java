package dev.acceljce.jsse;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * Byte-level test input for hostile-peer tests: records split from an engine's output, records
 * built from a type, version and body, and a real ClientHello (captured from SunJSSE's client)
 * with its extension list changed. Only the framing is touched; no TLS state is kept here.
 */
final class RawRecords {
    static final int HANDSHAKE = 22, ALERT = 21, CCS = 20, APPLICATION_DATA = 23, HEARTBEAT = 24;

    private RawRecords() {}

    /** A record of {@code type} and {@code version} around {@code body}, its length field claiming {@code claimed}. */
    static byte[] record(int type, int version, byte[] body, int claimed) {
        ByteBuffer b = ByteBuffer.allocate(5 + body.length);
        b.put((byte) type).putShort((short) version).putShort((short) claimed).put(body);
        return b.array();
    }

    static byte[] record(int type, byte[] body) {
        return record(type, 0x0303, body, body.length);
    }

    /** The records in {@code wire}, whole ones only. */
    static List<byte[]> split(byte[] wire) {
        List<byte[]> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(wire);
        while (b.remaining() >= 5) {
            int len = b.getShort(b.position() + 3) & 0xffff;
            if (b.remaining() < 5 + len) {
                break;
            }
            byte[] r = new byte[5 + len];
            b.get(r);
            out.add(r);
        }
        return out;
    }

    static byte[] concat(List<byte[]> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        parts.forEach(out::writeBytes);
        return out.toByteArray();
    }

    /** SunJSSE's first client flight for {@code protocol} (null: its defaults), as wire bytes. */
    static byte[] sunClientHello(String protocol) throws Exception {
        SSLEngine c = TlsPeers.context("SunJSSE", (String) null).createSSLEngine("localhost", 443);
        c.setUseClientMode(true);
        if (protocol != null) {
            c.setEnabledProtocols(new String[] {protocol});
        }
        ByteBuffer out = ByteBuffer.allocate(64 * 1024);
        c.wrap(ByteBuffer.allocate(0), out);
        byte[] b = new byte[out.position()];
        out.flip().get(b);
        return b;
    }

    /** The handshake message carried by the handshake records of {@code wire} (joined). */
    static byte[] handshakeBody(byte[] wire) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] r : split(wire)) {
            if (r[0] == HANDSHAKE) {
                out.write(r, 5, r.length - 5);
            }
        }
        return out.toByteArray();
    }

    /** {@code message} (a handshake message or several) cut into handshake records of at most {@code max} bytes each. */
    static byte[] fragment(byte[] message, int max) {
        List<byte[]> records = new ArrayList<>();
        for (int off = 0; off < message.length; off += max) {
            int n = Math.min(max, message.length - off);
            byte[] body = new byte[n];
            System.arraycopy(message, off, body, 0, n);
            records.add(record(HANDSHAKE, 0x0301, body, n));
        }
        return concat(records);
    }

    /**
     * {@code hello} (a ClientHello handshake message: type, 3-byte length, body) with {@code extra}
     * extensions (each type, 2-byte length, data) appended after its own, both length fields fixed.
     * The extension list's length is written as given even past 65,535 (then it wraps, as a hostile
     * peer may send it).
     */
    static byte[] withExtensions(byte[] hello, byte[] extra) {
        ByteBuffer b = ByteBuffer.wrap(hello);
        if (b.get() != 1) {
            throw new IllegalArgumentException("not a ClientHello");
        }
        b.position(4 + 2 + 32);
        b.position(b.position() + 1 + (b.get(b.position()) & 0xff)); // session id
        b.position(b.position() + 2 + (b.getShort(b.position()) & 0xffff)); // cipher suites
        b.position(b.position() + 1 + (b.get(b.position()) & 0xff)); // compression methods
        int extLenAt = b.position();
        int extLen = b.getShort(extLenAt) & 0xffff;
        byte[] out = new byte[hello.length + extra.length];
        System.arraycopy(hello, 0, out, 0, hello.length);
        System.arraycopy(extra, 0, out, hello.length, extra.length);
        ByteBuffer o = ByteBuffer.wrap(out);
        o.putShort(extLenAt, (short) (extLen + extra.length));
        int bodyLen = out.length - 4;
        o.put(1, (byte) (bodyLen >> 16)).put(2, (byte) (bodyLen >> 8)).put(3, (byte) bodyLen);
        return out;
    }

    /** {@code count} empty extensions of types {@code first}, {@code first + step}, ... */
    static byte[] emptyExtensions(int first, int step, int count) {
        ByteBuffer b = ByteBuffer.allocate(4 * count);
        for (int i = 0; i < count; i++) {
            b.putShort((short) (first + i * step)).putShort((short) 0);
        }
        return b.array();
    }

    /** One record from {@code from} carrying {@code plaintext}. */
    static byte[] wrap(SSLEngine from, byte[] plaintext) throws SSLException {
        ByteBuffer out = ByteBuffer.allocate(64 * 1024);
        SSLEngineResult r = from.wrap(ByteBuffer.wrap(plaintext), out);
        if (r.getStatus() != SSLEngineResult.Status.OK) {
            throw new IllegalStateException(r.toString());
        }
        byte[] b = new byte[out.position()];
        out.flip().get(b);
        return b;
    }
}
