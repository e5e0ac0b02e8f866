package dev.acceljce.libssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import dev.acceljce.awslc.AwsLcErrors;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What a {@link SslConnection}'s handshake settled and what the peer offered, read from libssl:
 * version, suite, group, resumption and the session, the peer's name, certificates, signature
 * schemes, groups and CA names, ALPN's choice, the stapled OCSP response, the extended master
 * secret, and keying material exported from the connection. Reads change nothing in libssl and
 * run without the concurrent-use guard ({@link SslConnection#callInside}), so the callbacks
 * (inside {@code SSL_do_handshake}) may read too; every length libssl hands back is checked before
 * its bytes are copied.
 */
public final class SslNegotiated {
    private static final int EXTENSION_SUPPORTED_GROUPS = 10;

    private final SslConnection connection;

    SslNegotiated(SslConnection connection) {
        this.connection = connection;
    }

    /** 0x0304, 0x0303, ... */
    public int version() {
        return connection.callInside(ssl -> (int) SslCalls.SSL_VERSION.invokeExact(ssl));
    }

    /** The suite's standard name: the current one, else the one being negotiated, else null. */
    public String cipherSuite() {
        return connection.callInside(ssl -> {
            String s = SslCalls.suiteName((MemorySegment) SslCalls.SSL_GET_CURRENT_CIPHER.invokeExact(ssl));
            return s != null ? s : SslCalls.suiteName((MemorySegment) SslCalls.SSL_GET_PENDING_CIPHER.invokeExact(ssl));
        });
    }

    /** The group's libssl name ("X25519MLKEM768", "P-256"), or null. */
    public String group() {
        return connection.callInside(ssl -> {
            short id = (short) SslCalls.SSL_GET_GROUP_ID.invokeExact(ssl); // 0x11EC: X25519MLKEM768
            return id == 0 ? null : SslCalls.staticName((MemorySegment) SslCalls.SSL_GET_GROUP_NAME.invokeExact(id));
        });
    }

    public boolean sessionReused() {
        return connection.callInside(ssl -> (int) SslCalls.SSL_SESSION_REUSED.invokeExact(ssl) == 1);
    }

    /** True when the handshake used the extended master secret (RFC 7627), as every TLS 1.3 one does. */
    public boolean extendedMasterSecret() {
        return connection.callInside(ssl -> (int) SslCalls.SSL_GET_EXTMS_SUPPORT.invokeExact(ssl) == 1);
    }

    /** The protocol ALPN selected, or null. */
    public String alpnSelected() {
        return connection.callInside(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(16); // a pointer and an unsigned
                SslCalls.SSL_GET0_ALPN_SELECTED.invokeExact(ssl, out, out.asSlice(8));
                int len = out.get(JAVA_INT, 8);
                byte[] p = len <= 0 || len > 255 ? null : SslCalls.bytes(out.get(ADDRESS, 0), len);
                return p == null ? null : new String(p, StandardCharsets.ISO_8859_1);
            }
        });
    }

    // ---- the session ----

    /**
     * The connection's session as an owned reference, for a server to take it out of libssl's
     * session-id cache later ({@link SslContextHandle#forget}); null when there is none.
     */
    public SslSession session() {
        MemorySegment s = connection.callInside(ssl -> (MemorySegment) SslCalls.SSL_GET1_SESSION.invokeExact(ssl));
        return s.equals(MemorySegment.NULL) ? null : new SslSession(s);
    }

    /** The id libssl gave this connection's session (empty when none). */
    public byte[] sessionId() {
        return connection.callInside(ssl -> {
            MemorySegment session = (MemorySegment) SslCalls.SSL_GET_SESSION.invokeExact(ssl);
            if (session.equals(MemorySegment.NULL)) {
                return new byte[0];
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment length = arena.allocate(JAVA_INT);
                MemorySegment id = (MemorySegment) SslCalls.SSL_SESSION_GET_ID.invokeExact(session, length);
                int len = length.get(JAVA_INT, 0);
                return len <= 0 || len > 32 || id.equals(MemorySegment.NULL) ? new byte[0] : SslCalls.bytes(id, len);
            }
        });
    }

    /**
     * When libssl says this connection's session was established, in seconds since 1970: a
     * resumed TLS 1.2 session's original time (from its ticket), a resumed TLS 1.3 one's resumption.
     */
    public long sessionTimeSeconds() {
        return connection.callInside(ssl -> {
            MemorySegment session = (MemorySegment) SslCalls.SSL_GET_SESSION.invokeExact(ssl);
            return session.equals(MemorySegment.NULL) ? 0L : (long) SslCalls.SSL_SESSION_GET_TIME.invokeExact(session);
        });
    }

    // ---- the peer ----

    /** The host name the client asked for (server side), or null. From a callback too. */
    public String requestedServerName() {
        return connection.callInside(
                ssl -> SslCalls.cString((MemorySegment) SslCalls.SSL_GET_SERVERNAME.invokeExact(ssl, 0)));
    }

    /** The peer's certificate chain as DER, leaf first (empty when it sent none). From a callback too. */
    public List<byte[]> peerCertificates() {
        return connection.callInside(
                ssl -> SslCalls.cryptoBuffers((MemorySegment) SslCalls.SSL_GET0_PEER_CERTIFICATES.invokeExact(ssl)));
    }

    /** The signature algorithms the peer accepts (TLS code points), during the certificate callback. */
    public int[] peerSignatureAlgorithms() {
        return connection.callInside(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(ADDRESS);
                long n = (long) SslCalls.SSL_GET0_PEER_VERIFY_ALGORITHMS.invokeExact(ssl, out);
                if (n <= 0 || n > 1024) {
                    return new int[0];
                }
                MemorySegment list = out.get(ADDRESS, 0).reinterpret(2 * n);
                int[] codes = new int[(int) n];
                for (int i = 0; i < n; i++) {
                    codes[i] = Short.toUnsignedInt(list.getAtIndex(JAVA_SHORT, i));
                }
                return codes;
            }
        });
    }

    /**
     * A server's: the named groups the client listed (its supported_groups extension, TLS code
     * points in its order), or null when it sent none. From the certificate callback, where libssl
     * still holds the ClientHello (libssl parsed and checked the extension before).
     */
    public int[] clientSupportedGroups() {
        return connection.callInside(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(16); // a pointer and a size_t
                if ((int) SslCalls.SSL_CLIENT_HELLO_GET0_EXT.invokeExact(
                                ssl, EXTENSION_SUPPORTED_GROUPS, out, out.asSlice(8))
                        != 1) {
                    return null;
                }
                long len = out.get(JAVA_LONG, 8);
                byte[] ext = len < 2 || len > 0xffff ? null : SslCalls.bytes(out.get(ADDRESS, 0), len);
                if (ext == null) {
                    return null;
                }
                int listLength = ((ext[0] & 0xff) << 8) | (ext[1] & 0xff);
                if (listLength != ext.length - 2 || listLength % 2 != 0) {
                    return null;
                }
                int[] groups = new int[listLength / 2];
                for (int i = 0; i < groups.length; i++) {
                    groups[i] = ((ext[2 + 2 * i] & 0xff) << 8) | (ext[3 + 2 * i] & 0xff);
                }
                return groups;
            }
        });
    }

    /**
     * A client's, from the certificate callback: the CA names (DER) the server's CertificateRequest
     * listed, or an empty list when it listed none.
     */
    public List<byte[]> serverRequestedAuthorities() {
        return connection.callInside(
                ssl -> SslCalls.cryptoBuffers((MemorySegment) SslCalls.SSL_GET0_SERVER_REQUESTED_CAS.invokeExact(ssl)));
    }

    /**
     * A server's: whether the client asked for a stapled OCSP response (status_request). Valid in
     * the certificate callback, where it is called.
     */
    public boolean ocspRequested() {
        return connection.callInside(
                ssl -> (int) SslCalls.SSL_GET_TLSEXT_STATUS_TYPE.invokeExact(ssl) == SslCalls.STATUS_TYPE_OCSP);
    }

    /** The OCSP response the server stapled (DER), or null. From a callback too. */
    public byte[] ocspResponse() {
        return connection.callInside(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                // a pointer and a size_t; libssl keeps at most what a handshake message carries (2^24 bytes)
                MemorySegment out = arena.allocate(16);
                SslCalls.SSL_GET0_OCSP_RESPONSE.invokeExact(ssl, out, out.asSlice(8));
                long len = out.get(JAVA_LONG, 8);
                return len <= 0 || len > (1 << 24) ? null : SslCalls.bytes(out.get(ADDRESS, 0), len);
            }
        });
    }

    // ---- keying material ----

    /**
     * RFC 5705 / RFC 8446 7.5 keying material of this connection: {@code length} bytes for
     * {@code label} (its bytes as they are) and {@code context} (null: none, which TLS 1.2 tells
     * apart from an empty one). Null when libssl refuses (the handshake not finished). The caller
     * applies the protocol's own limits first; here only what keeps native memory safe. Under the
     * concurrent-use guard: the engine calls it between records.
     */
    public byte[] exportKeyingMaterial(byte[] label, byte[] context, int length) {
        if (label == null || length <= 0 || (context != null && context.length > 0xFFFF)) {
            throw new IllegalArgumentException("export of " + length + " bytes");
        }
        return connection.call(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(length);
                MemorySegment l = arena.allocate(Math.max(1, label.length));
                MemorySegment.copy(label, 0, l, JAVA_BYTE, 0, label.length);
                int contextLength = context == null ? 0 : context.length;
                MemorySegment c = arena.allocate(Math.max(1, contextLength));
                if (contextLength > 0) {
                    MemorySegment.copy(context, 0, c, JAVA_BYTE, 0, contextLength);
                }
                try {
                    int ok = (int) SslCalls.SSL_EXPORT_KEYING_MATERIAL.invokeExact(
                            ssl,
                            out,
                            (long) length,
                            l,
                            (long) label.length,
                            c,
                            (long) contextLength,
                            context != null ? 1 : 0);
                    if (ok != 1) {
                        AwsLcErrors.clear();
                        return null;
                    }
                    return out.toArray(JAVA_BYTE);
                } finally {
                    out.fill((byte) 0);
                }
            }
        });
    }
}
