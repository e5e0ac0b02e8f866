package dev.acceljce.libssl;

import static dev.acceljce.foreign.NativeObject.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import dev.acceljce.awslc.AwsLcErrors;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;

/**
 * What one side of a {@link SslConnection} asks libssl for: versions, suites, groups, signature
 * schemes, the peer's name, client authentication, ALPN's offer, a session to resume, OCSP
 * stapling, and (from the certificate callback) the chain and key it authenticates with. Set
 * before the handshake from the engine, under the connection's concurrent-use guard; the
 * "in callback" ones from inside {@code SSL_do_handshake}, which already holds it. A setter that
 * libssl refuses answers false and leaves libssl's error queue empty.
 */
public final class SslSettings {
    private static final int SSL_VERIFY_PEER = 1, SSL_VERIFY_FAIL_IF_NO_PEER_CERT = 2;

    private final SslConnection connection;

    SslSettings(SslConnection connection) {
        this.connection = connection;
    }

    public boolean setProtocolRange(int min, int max) {
        return connection.call(ssl -> (int) SslCalls.SSL_SET_MIN_PROTO_VERSION.invokeExact(ssl, (short) min) == 1
                && (int) SslCalls.SSL_SET_MAX_PROTO_VERSION.invokeExact(ssl, (short) max) == 1);
    }

    /** A server chooses TLS 1.2 suites and groups by its own order (libssl's TLS 1.3 suite choice ignores it). */
    public void preferServerOrder() {
        connection.call(
                ssl -> (int) SslCalls.SSL_SET_OPTIONS.invokeExact(ssl, SslCalls.SSL_OP_CIPHER_SERVER_PREFERENCE));
    }

    /** The largest plaintext a record sent carries: 512 to 16384 bytes. */
    public void maxSendFragment(int max) {
        if (max < 512 || max > SslConnection.MAX_PLAINTEXT) {
            throw new IllegalArgumentException("record plaintext limit out of [512, 16384]: " + max);
        }
        if (!connection.call(ssl -> (int) SslCalls.SSL_SET_MAX_SEND_FRAGMENT.invokeExact(ssl, (long) max) == 1)) {
            AwsLcErrors.clear();
            throw new IllegalStateException("libssl refused the record plaintext limit " + max);
        }
    }

    /** TLS 1.2 suites in libssl's strict cipher list syntax (standard names separated by ':'). */
    public boolean setTls12Suites(String list) {
        return withString(list, (ssl, s) -> (int) SslCalls.SSL_SET_STRICT_CIPHER_LIST.invokeExact(ssl, s));
    }

    /** TLS 1.3 suites (standard names separated by ':'). */
    public boolean setTls13Suites(String list) {
        return withString(list, (ssl, s) -> (int) SslCalls.SSL_SET_CIPHERSUITES.invokeExact(ssl, s));
    }

    /** Groups in libssl's names ("X25519MLKEM768:X25519:P-256"). */
    public boolean setGroups(String list) {
        return withString(list, (ssl, s) -> (int) SslCalls.SSL_SET1_GROUPS_LIST.invokeExact(ssl, s));
    }

    /** Signature algorithms in libssl's names ("ECDSA+SHA256:rsa_pss_rsae_sha256:ed25519"). */
    public boolean setSignatureAlgorithms(String list) {
        return withString(list, (ssl, s) -> (int) SslCalls.SSL_SET1_SIGALGS_LIST.invokeExact(ssl, s));
    }

    public boolean setHostName(String host) {
        return withString(host, (ssl, s) -> (int) SslCalls.SSL_SET_TLSEXT_HOST_NAME.invokeExact(ssl, s));
    }

    /** A libssl setter of a C string: 1 when libssl took it. */
    private interface StringCall {
        int apply(MemorySegment ssl, MemorySegment s) throws Throwable;
    }

    private boolean withString(String value, StringCall call) {
        return connection.call(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                return refusedClears(call.apply(ssl, arena.allocateFrom(value)) == 1);
            }
        });
    }

    /** {@code ok}, after emptying the error queue of what libssl said when it refused. */
    private static boolean refusedClears(boolean ok) {
        if (!ok) {
            AwsLcErrors.clear();
        }
        return ok;
    }

    /** Asks the peer for a certificate (the server side's client authentication) and verifies it in Java. */
    public void verifyPeer(boolean requirePeerCertificate) {
        int mode = SSL_VERIFY_PEER | (requirePeerCertificate ? SSL_VERIFY_FAIL_IF_NO_PEER_CERT : 0);
        connection.call(ssl -> {
            SslCalls.SSL_SET_CUSTOM_VERIFY.invokeExact(ssl, mode, SslCallbacks.VERIFY_CB);
            return null;
        });
    }

    /** The client's ALPN offer, in its wire form (length-prefixed names). */
    public boolean setAlpnProtocols(byte[] wire) {
        return connection.call(ssl ->
                (int) SslCalls.SSL_SET_ALPN_PROTOS.invokeExact(ssl, MemorySegment.ofArray(wire), (long) wire.length)
                        == 0);
    }

    /** Offers {@code session} for resumption (libssl takes its own reference). */
    public boolean setSession(SslSession session) {
        try {
            return connection.call(ssl -> (int) SslCalls.SSL_SET_SESSION.invokeExact(ssl, session.pointer()) == 1);
        } finally {
            Reference.reachabilityFence(session);
        }
    }

    /** A client asks the server to staple an OCSP response for its certificate (status_request). */
    public void enableOcspStapling() {
        connection.call(ssl -> {
            SslCalls.SSL_ENABLE_OCSP_STAPLING.invokeExact(ssl);
            return null;
        });
    }

    // ---- from the certificate callback (inside SSL_do_handshake, which holds the guard) ----

    /**
     * A server's (libssl chooses the TLS 1.2 suite after the certificate callback): replaces the
     * TLS 1.2 suites this connection chooses among. False when libssl refused them.
     */
    public boolean narrowTls12SuitesInCallback(String list) {
        return connection.callInside(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                return refusedClears(
                        (int) SslCalls.SSL_SET_STRICT_CIPHER_LIST.invokeExact(ssl, arena.allocateFrom(list)) == 1);
            }
        });
    }

    /**
     * The schemes this side signs with (TLS code points, in order), leaving those it accepts from
     * the peer as they are. False when libssl refused them.
     */
    public boolean setSigningAlgorithmsInCallback(int[] codes) {
        if (codes.length == 0 || codes.length > 64) {
            throw new IllegalArgumentException(codes.length + " signature schemes");
        }
        return connection.callInside(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment prefs = arena.allocate(JAVA_SHORT, codes.length);
                for (int i = 0; i < codes.length; i++) {
                    if (codes[i] < 0 || codes[i] > 0xffff) {
                        throw new IllegalArgumentException("signature scheme " + codes[i]);
                    }
                    prefs.setAtIndex(JAVA_SHORT, i, (short) codes[i]);
                }
                return refusedClears(
                        (int) SslCalls.SSL_SET_SIGNING_ALGORITHM_PREFS.invokeExact(ssl, prefs, (long) codes.length)
                                == 1);
            }
        });
    }

    /**
     * Sets the certificate chain (DER, leaf first) and the key: one libssl signs with itself, or
     * null to sign through the handler's private-key method. Returns false when libssl refused them.
     */
    public boolean setChainAndKey(List<byte[]> chain, SslPrivateKey key) {
        List<MemorySegment> buffers = new ArrayList<>(chain.size());
        try {
            return connection.callInside(ssl -> {
                try (Arena arena = Arena.ofConfined()) {
                    for (byte[] der : chain) {
                        MemorySegment b = (MemorySegment) SslCalls.CRYPTO_BUFFER_NEW.invokeExact(
                                MemorySegment.ofArray(der), (long) der.length, ConnectionMemory.pool());
                        if (b.equals(MemorySegment.NULL)) {
                            throw AwsLcErrors.failure("CRYPTO_BUFFER_new");
                        }
                        buffers.add(b);
                    }
                    MemorySegment array = arena.allocate(ADDRESS, Math.max(1, buffers.size()));
                    for (int i = 0; i < buffers.size(); i++) {
                        array.setAtIndex(ADDRESS, i, buffers.get(i));
                    }
                    MemorySegment pkey = key != null ? key.pointer() : MemorySegment.NULL;
                    MemorySegment method = key != null ? MemorySegment.NULL : SslCallbacks.PRIVATE_KEY_METHOD;
                    return refusedClears((int) SslCalls.SSL_SET_CHAIN_AND_KEY.invokeExact(
                                    ssl, array, (long) buffers.size(), pkey, method)
                            == 1);
                }
            });
        } finally {
            // libssl took its own references to the buffers and the key
            freeBuffers(buffers);
            Reference.reachabilityFence(key);
        }
    }

    private static void freeBuffers(List<MemorySegment> buffers) {
        try {
            for (MemorySegment b : buffers) {
                SslCalls.CRYPTO_BUFFER_FREE.invokeExact(b);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * A server's: the DER OCSP response to staple for the leaf just set (libssl sends it only to a
     * client that asked), after {@link #setChainAndKey}. Returns false when libssl refused it.
     */
    public boolean setOcspResponse(byte[] der) {
        if (der == null || der.length == 0 || der.length >= (1 << 24)) {
            return false; // a CertificateStatus message carries less than 2^24 bytes
        }
        return connection.callInside(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment copy = arena.allocateFrom(JAVA_BYTE, der);
                return refusedClears(
                        (int) SslCalls.SSL_SET_OCSP_RESPONSE.invokeExact(ssl, copy, (long) der.length) == 1);
            }
        });
    }
}
