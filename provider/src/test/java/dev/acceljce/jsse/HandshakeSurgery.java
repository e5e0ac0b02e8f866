package dev.acceljce.jsse;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * Hand-edited handshake messages for tests: a real ClientHello or ServerHello, taken apart into
 * its fields and extensions, changed, and written back with consistent lengths (or, on purpose,
 * inconsistent ones); and what an engine answers to a given first flight (the alert it sends, or
 * that it went on).
 */
final class HandshakeSurgery {
    private HandshakeSurgery() {}

    static final int HANDSHAKE = 22, ALERT = 21, APPLICATION_DATA = 23, CHANGE_CIPHER_SPEC = 20;

    /** TLS extension numbers used by the tests. */
    static final int SERVER_NAME = 0,
            SUPPORTED_GROUPS = 10,
            EC_POINT_FORMATS = 11,
            SIGNATURE_ALGORITHMS = 13,
            ALPN = 16,
            SUPPORTED_VERSIONS = 43,
            SIGNATURE_ALGORITHMS_CERT = 50,
            KEY_SHARE = 51,
            RENEGOTIATION_INFO = 0xff01;

    /** One extension: its type and body. */
    static final class Extension {
        int type;
        byte[] data;

        Extension(int type, byte[] data) {
            this.type = type;
            this.data = data;
        }
    }

    /**
     * A ClientHello (client true) or ServerHello, field by field. {@link #sessionIdLengthOverride}
     * and the other {@code *Extra} fields write inconsistent messages on purpose.
     */
    static final class Hello {
        final boolean client;
        int recordVersion;
        int handshakeType;
        int version;
        byte[] random;
        byte[] sessionId;
        List<Integer> suites = new ArrayList<>(); // a ServerHello: its one suite
        byte[] compression; // a ServerHello: its one method
        List<Extension> extensions = new ArrayList<>();
        /** Added to the cipher-suite list's length field (a ClientHello's), to make it lie. */
        int suitesLengthExtra;
        /** Added to the extensions block's length field, to make it lie. */
        int extensionsLengthExtra;
        /** Bytes after the extensions block. */
        byte[] trailing = new byte[0];
        /** Drops this many bytes from the end of the body (the lengths as they were). */
        int cut;
        /** What followed the hello in its record (the rest of a TLS 1.2 server's flight). */
        byte[] rest = new byte[0];

        private Hello(boolean client) {
            this.client = client;
        }

        Extension extension(int type) {
            for (Extension e : extensions) {
                if (e.type == type) {
                    return e;
                }
            }
            return null;
        }

        Hello without(int... types) {
            for (int t : types) {
                extensions.removeIf(e -> e.type == t);
            }
            return this;
        }

        /** The message as one handshake record. */
        byte[] record() {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            u16(b, version);
            b.writeBytes(random);
            b.write(sessionId.length);
            b.writeBytes(sessionId);
            if (client) {
                u16(b, 2 * suites.size() + suitesLengthExtra);
            }
            for (int s : suites) {
                u16(b, s);
            }
            if (client) {
                b.write(compression.length);
            }
            b.writeBytes(compression);
            ByteArrayOutputStream ext = new ByteArrayOutputStream();
            for (Extension e : extensions) {
                u16(ext, e.type);
                u16(ext, e.data.length);
                ext.writeBytes(e.data);
            }
            u16(b, ext.size() + extensionsLengthExtra);
            b.writeBytes(ext.toByteArray());
            b.writeBytes(trailing);
            byte[] body = b.toByteArray();
            int bodyLength = body.length - cut;
            ByteArrayOutputStream m = new ByteArrayOutputStream();
            m.write(handshakeType);
            m.write(bodyLength >> 16);
            m.write(bodyLength >> 8);
            m.write(bodyLength);
            m.write(body, 0, bodyLength);
            m.writeBytes(rest);
            return HandshakeSurgery.record(HANDSHAKE, recordVersion, m.toByteArray());
        }

        static Hello parse(byte[] record) {
            ByteBuffer r = ByteBuffer.wrap(record);
            if (r.get() != HANDSHAKE) {
                throw new IllegalArgumentException("not a handshake record");
            }
            int recordVersion = r.getShort() & 0xffff;
            int recordLength = r.getShort() & 0xffff;
            int type = r.get() & 0xff;
            if (type != 1 && type != 2) {
                throw new IllegalArgumentException("not a hello: " + type);
            }
            int length = ((r.get() & 0xff) << 16) | ((r.get() & 0xff) << 8) | (r.get() & 0xff);
            if (length + 4 > recordLength) {
                throw new IllegalArgumentException("hello split over records");
            }
            Hello h = new Hello(type == 1);
            h.recordVersion = recordVersion;
            h.handshakeType = type;
            int end = r.position() + length;
            h.version = r.getShort() & 0xffff;
            h.random = new byte[32];
            r.get(h.random);
            h.sessionId = new byte[r.get() & 0xff];
            r.get(h.sessionId);
            if (h.client) {
                int n = (r.getShort() & 0xffff) / 2;
                for (int i = 0; i < n; i++) {
                    h.suites.add(r.getShort() & 0xffff);
                }
                h.compression = new byte[r.get() & 0xff];
            } else {
                h.suites.add(r.getShort() & 0xffff);
                h.compression = new byte[1];
            }
            r.get(h.compression);
            if (r.position() < end) {
                int extEnd = r.position() + 2 + (r.getShort() & 0xffff);
                while (r.position() < extEnd) {
                    int t = r.getShort() & 0xffff;
                    byte[] d = new byte[r.getShort() & 0xffff];
                    r.get(d);
                    h.extensions.add(new Extension(t, d));
                }
            }
            r.position(end);
            h.rest = new byte[5 + recordLength - end];
            r.get(h.rest);
            return h;
        }
    }

    static byte[] record(int type, int version, byte[] body) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(type);
        u16(b, version);
        u16(b, body.length);
        b.writeBytes(body);
        return b.toByteArray();
    }

    static void u16(ByteArrayOutputStream b, int v) {
        b.write(v >> 8);
        b.write(v);
    }

    static byte[] u16List(int... values) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        u16(b, 2 * values.length);
        for (int v : values) {
            u16(b, v);
        }
        return b.toByteArray();
    }

    /** The first flight {@code client} wraps (its ClientHello record, perhaps after others). */
    static byte[] clientHello(SSLEngine client) throws SSLException {
        client.setUseClientMode(true);
        ByteBuffer out = ByteBuffer.allocate(64 * 1024);
        client.beginHandshake();
        for (int i = 0; i < 10 && out.position() == 0; i++) {
            runTasks(client);
            client.wrap(ByteBuffer.allocate(0), out);
        }
        byte[] b = new byte[out.position()];
        out.flip().get(b);
        return b;
    }

    /** The records in {@code bytes}. */
    static List<byte[]> records(byte[] bytes) {
        List<byte[]> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.remaining() >= 5) {
            int len = ((b.get(b.position() + 3) & 0xff) << 8) | (b.get(b.position() + 4) & 0xff);
            if (b.remaining() < 5 + len) {
                break;
            }
            byte[] r = new byte[5 + len];
            b.get(r);
            out.add(r);
        }
        return out;
    }

    /**
     * Feeds {@code input} to {@code engine} (running its tasks) and reports how it answered: the
     * name of the plaintext alert it wrapped ("alert 50 decode_error"), "went on" when it wrapped
     * handshake records and no alert, "waits" when it asked for more, or "no alert" when it
     * failed without one. The exception (if any) goes into {@code thrown[0]}.
     */
    static String answer(SSLEngine engine, byte[] input, Throwable[] thrown) {
        ByteBuffer in = ByteBuffer.wrap(input);
        ByteBuffer out = ByteBuffer.allocate(64 * 1024);
        try {
            for (int round = 0; round < 50; round++) {
                HandshakeStatus s = engine.getHandshakeStatus();
                if (s == HandshakeStatus.NEED_TASK) {
                    runTasks(engine);
                } else if (s == HandshakeStatus.NEED_WRAP) {
                    SSLEngineResult r = engine.wrap(ByteBuffer.allocate(0), out);
                    if (r.bytesProduced() == 0) {
                        break;
                    }
                } else if (in.hasRemaining() && !engine.isInboundDone()) {
                    SSLEngineResult r = engine.unwrap(in, ByteBuffer.allocate(64 * 1024));
                    if (r.bytesConsumed() == 0 && r.getHandshakeStatus() != HandshakeStatus.NEED_TASK) {
                        break;
                    }
                } else {
                    break;
                }
            }
        } catch (SSLException | RuntimeException e) {
            if (thrown != null) {
                thrown[0] = e;
            }
            try {
                for (int i = 0; i < 5 && !engine.isOutboundDone(); i++) {
                    if (engine.wrap(ByteBuffer.allocate(0), out).bytesProduced() == 0) {
                        break;
                    }
                }
            } catch (SSLException | RuntimeException again) {
                // what was wrapped so far is the answer
            }
        }
        byte[] sent = new byte[out.position()];
        out.flip().get(sent);
        boolean handshake = false;
        for (byte[] r : records(sent)) {
            if (r[0] == ALERT && r.length == 7) {
                return "alert " + (r[6] & 0xff) + " " + alertName(r[6] & 0xff);
            }
            if (r[0] == HANDSHAKE) {
                handshake = true;
            }
        }
        if (handshake) {
            return "went on";
        }
        return engine.isInboundDone() || (thrown != null && thrown[0] != null) ? "no alert" : "waits";
    }

    static void runTasks(SSLEngine e) {
        Runnable t;
        while ((t = e.getDelegatedTask()) != null) {
            t.run();
        }
    }

    static String alertName(int code) {
        return switch (code) {
            case 0 -> "close_notify";
            case 10 -> "unexpected_message";
            case 20 -> "bad_record_mac";
            case 22 -> "record_overflow";
            case 40 -> "handshake_failure";
            case 42 -> "bad_certificate";
            case 43 -> "unsupported_certificate";
            case 46 -> "certificate_unknown";
            case 47 -> "illegal_parameter";
            case 50 -> "decode_error";
            case 51 -> "decrypt_error";
            case 70 -> "protocol_version";
            case 71 -> "insufficient_security";
            case 80 -> "internal_error";
            case 86 -> "inappropriate_fallback";
            case 109 -> "missing_extension";
            case 110 -> "unsupported_extension";
            case 112 -> "unrecognized_name";
            case 120 -> "no_application_protocol";
            default -> "?";
        };
    }
}
