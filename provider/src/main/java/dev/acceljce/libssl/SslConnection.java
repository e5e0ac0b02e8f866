package dev.acceljce.libssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import dev.acceljce.awslc.AwsLcErrors;
import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One TLS connection in libssl: an owned {@code SSL} whose records go through a {@link WireBio}:
 * libssl reads ciphertext from the caller's network buffer and writes it into the caller's
 * destination during the call, one copy each way. Plaintext in direct buffers is handed to
 * {@code SSL_write} and {@code SSL_read} as it is; plaintext in heap buffers passes through a
 * shared native scratch buffer of one record (the calls that may call back into Java cannot be
 * critical, so they cannot take heap memory).
 *
 * <p>Not thread-safe: its engine calls it under one lock. Each native call is bracketed by the
 * concurrent-use guard of {@link NativeObject}, so a mistake ends in an exception, never a crash.
 * {@link #free()} unregisters the callbacks and the wire, then frees the {@code SSL} (and with it
 * the BIO); a connection never freed is freed the same way by the Cleaner once unreachable (its
 * engine is not kept alive by the callback table).
 */
public final class SslConnection extends NativeObject {
    /** SSL_get_error codes the engine acts on. */
    public static final int ERROR_NONE = 0,
            ERROR_SSL = 1,
            ERROR_WANT_READ = 2,
            ERROR_WANT_WRITE = 3,
            ERROR_WANT_X509_LOOKUP = 4,
            ERROR_SYSCALL = 5,
            ERROR_ZERO_RETURN = 6,
            ERROR_WANT_PRIVATE_KEY_OPERATION = 13,
            ERROR_WANT_CERTIFICATE_VERIFY = 16;

    /** TLS versions as libssl numbers them. */
    public static final int TLS1_2 = 0x0303, TLS1_3 = 0x0304;

    private static final int EXTENSION_SUPPORTED_GROUPS = 10;

    /** The largest plaintext libssl takes or gives in one call, and the scratch buffer's size. */
    public static final int MAX_PLAINTEXT = 16 * 1024;

    private static final int SCRATCH = 20 * 1024;
    private static final int SSL_VERIFY_PEER = 1, SSL_VERIFY_FAIL_IF_NO_PEER_CERT = 2;

    /** Where libssl's records come from and go to. */
    private final WireBio wire;

    /** SSL_max_seal_overhead once the handshake is done (it does not change afterwards), else -1. */
    private int sealOverhead = -1;

    private boolean handshakeDone;

    /**
     * True when the last SSL_read returned less plaintext than asked and no input waits: libssl
     * then has nothing more to give, and the next read answers "want read" without asking it.
     */
    private boolean readDrained;

    /** Unregisters the callbacks, then frees the SSL: the release of every connection. */
    private static final MethodHandle RELEASE;

    static {
        try {
            RELEASE = MethodHandles.lookup()
                    .findStatic(SslConnection.class, "release", MethodType.methodType(void.class, MemorySegment.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private SslConnection(MemorySegment ssl, WireBio wire) {
        super(ssl, RELEASE, "SSL", false);
        this.wire = wire;
    }

    /**
     * Record-sized native buffers that heap ByteBuffers pass through, shared by all connections:
     * each call takes one and gives it back before it returns (libssl keeps no pointer to it: a
     * write completes in the call, as the wire takes everything libssl writes). One per connection
     * cost every connection that reads a heap buffer a zeroed 20 KiB allocation and a Cleaner,
     * about 4% of a resumed handshake. What a buffer held stays until the next call overwrites it,
     * as it stayed in a connection's own buffer before.
     */
    private static final class Scratch {
        private static final int MAX_IDLE = 64;
        private static final ConcurrentLinkedQueue<MemorySegment> IDLE = new ConcurrentLinkedQueue<>();
        private static final AtomicInteger IDLE_COUNT = new AtomicInteger();

        static MemorySegment take() {
            MemorySegment s = IDLE.poll();
            if (s != null) {
                IDLE_COUNT.decrementAndGet();
                return s;
            }
            return Arena.ofAuto().allocate(SCRATCH); // freed by the GC once no queue or call holds it
        }

        static void give(MemorySegment s) {
            if (IDLE_COUNT.incrementAndGet() <= MAX_IDLE) {
                IDLE.offer(s);
            } else {
                IDLE_COUNT.decrementAndGet();
            }
        }
    }

    private static void release(MemorySegment ssl) {
        SslCallbacks.unregister(ssl);
        try {
            MemorySegment bio = (MemorySegment) SslCalls.SSL_GET_RBIO.invokeExact(ssl);
            if (!bio.equals(MemorySegment.NULL)) {
                WireBio.forget(bio);
            }
            SslCalls.SSL_FREE.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * What libssl's error queue on this thread says (one line per entry, "" when empty), emptying
     * it: the reason a handshake or record call failed.
     */
    public static String drainErrors() {
        return AwsLcErrors.drain();
    }

    /**
     * A new connection in client or server mode whose callbacks go to {@code handler}.
     */
    public static SslConnection create(SslContextHandle context, boolean client, SslCallbacks.Handler handler) {
        MemorySegment ssl;
        WireBio wire;
        try {
            ssl = (MemorySegment) SslCalls.SSL_NEW.invokeExact(context.pointer());
            if (ssl.equals(MemorySegment.NULL)) {
                throw AwsLcErrors.failure("SSL_new");
            }
            wire = WireBio.create();
            if (wire == null) {
                SslCalls.SSL_FREE.invokeExact(ssl);
                throw AwsLcErrors.failure("BIO_new");
            }
            // SSL_set_bio takes the one reference for both directions
            SslCalls.SSL_SET_BIO.invokeExact(ssl, wire.bio(), wire.bio());
            if (client) {
                SslCalls.SSL_SET_CONNECT_STATE.invokeExact(ssl);
            } else {
                SslCalls.SSL_SET_ACCEPT_STATE.invokeExact(ssl);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
        SslConnection c = new SslConnection(ssl, wire);
        SslCallbacks.register(ssl, handler);
        return c;
    }

    // ---- configuration, before the handshake ----

    public boolean setProtocolRange(int min, int max) {
        MemorySegment ssl = enter();
        try {
            return (int) SslCalls.SSL_SET_MIN_PROTO_VERSION.invokeExact(ssl, (short) min) == 1
                    && (int) SslCalls.SSL_SET_MAX_PROTO_VERSION.invokeExact(ssl, (short) max) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /** A server chooses TLS 1.2 suites and groups by its own order (libssl's TLS 1.3 suite choice ignores it). */
    public void preferServerOrder() {
        MemorySegment ssl = enter();
        try {
            int unusedOptions =
                    (int) SslCalls.SSL_SET_OPTIONS.invokeExact(ssl, SslCalls.SSL_OP_CIPHER_SERVER_PREFERENCE);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /** The largest plaintext a record sent carries: 512 to 16384 bytes. */
    public void maxSendFragment(int max) {
        if (max < 512 || max > MAX_PLAINTEXT) {
            throw new IllegalArgumentException("record plaintext limit out of [512, 16384]: " + max);
        }
        MemorySegment ssl = enter();
        try {
            if ((int) SslCalls.SSL_SET_MAX_SEND_FRAGMENT.invokeExact(ssl, (long) max) != 1) {
                AwsLcErrors.clear();
                throw new IllegalStateException("libssl refused the record plaintext limit " + max);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
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

    /**
     * From the certificate callback (a server's; libssl chooses the TLS 1.2 suite after it):
     * replaces the TLS 1.2 suites this connection chooses among. False when libssl refused them.
     */
    public boolean narrowTls12SuitesInCallback(String list) {
        MemorySegment ssl = ptr(); // in a callback: SSL_do_handshake holds the guard
        try (Arena arena = Arena.ofConfined()) {
            boolean ok = (int) SslCalls.SSL_SET_STRICT_CIPHER_LIST.invokeExact(ssl, arena.allocateFrom(list)) == 1;
            if (!ok) {
                AwsLcErrors.clear();
            }
            return ok;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /**
     * From the certificate callback: the schemes this side signs with (TLS code points, in order),
     * leaving those it accepts from the peer as they are. False when libssl refused them.
     */
    public boolean setSigningAlgorithmsInCallback(int[] codes) {
        if (codes.length == 0 || codes.length > 64) {
            throw new IllegalArgumentException(codes.length + " signature schemes");
        }
        MemorySegment ssl = ptr(); // in a callback: SSL_do_handshake holds the guard
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment prefs = arena.allocate(java.lang.foreign.ValueLayout.JAVA_SHORT, codes.length);
            for (int i = 0; i < codes.length; i++) {
                if (codes[i] < 0 || codes[i] > 0xffff) {
                    throw new IllegalArgumentException("signature scheme " + codes[i]);
                }
                prefs.setAtIndex(java.lang.foreign.ValueLayout.JAVA_SHORT, i, (short) codes[i]);
            }
            boolean ok =
                    (int) SslCalls.SSL_SET_SIGNING_ALGORITHM_PREFS.invokeExact(ssl, prefs, (long) codes.length) == 1;
            if (!ok) {
                AwsLcErrors.clear();
            }
            return ok;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
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
        MemorySegment ssl = enter();
        try (Arena arena = Arena.ofConfined()) {
            boolean ok = call.apply(ssl, arena.allocateFrom(value)) == 1;
            if (!ok) {
                AwsLcErrors.clear();
            }
            return ok;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /** Asks the peer for a certificate (the server side's client authentication) and verifies it in Java. */
    public void verifyPeer(boolean requirePeerCertificate) {
        MemorySegment ssl = enter();
        try {
            SslCalls.SSL_SET_CUSTOM_VERIFY.invokeExact(
                    ssl,
                    SSL_VERIFY_PEER | (requirePeerCertificate ? SSL_VERIFY_FAIL_IF_NO_PEER_CERT : 0),
                    SslCallbacks.VERIFY_CB);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /**
     * Sets the certificate chain (DER, leaf first) and the key: one libssl signs with itself, or
     * null to sign through the handler's private-key method. Called from the certificate callback
     * (inside SSL_do_handshake, which holds the concurrent-use guard: this does not take it).
     * Returns false when libssl refused them.
     */
    public boolean setChainAndKey(List<byte[]> chain, SslPrivateKey key) {
        MemorySegment ssl = ptr(); // in a callback: SSL_do_handshake holds the guard
        List<MemorySegment> buffers = new ArrayList<>(chain.size());
        try (Arena arena = Arena.ofConfined()) {
            for (byte[] der : chain) {
                MemorySegment b = (MemorySegment) SslCalls.CRYPTO_BUFFER_NEW.invokeExact(
                        MemorySegment.ofArray(der), (long) der.length, MemorySegment.NULL);
                if (b.equals(MemorySegment.NULL)) {
                    throw AwsLcErrors.failure("CRYPTO_BUFFER_new");
                }
                buffers.add(b);
            }
            MemorySegment array = arena.allocate(ADDRESS, Math.max(1, buffers.size()));
            for (int i = 0; i < buffers.size(); i++) {
                array.setAtIndex(ADDRESS, i, buffers.get(i));
            }
            // a key libssl signs with itself, or none and the handler's private-key method
            MemorySegment pkey = key != null ? key.pointer() : MemorySegment.NULL;
            MemorySegment method = key != null ? MemorySegment.NULL : SslCallbacks.PRIVATE_KEY_METHOD;
            boolean ok =
                    (int) SslCalls.SSL_SET_CHAIN_AND_KEY.invokeExact(ssl, array, (long) buffers.size(), pkey, method)
                            == 1;
            if (!ok) {
                AwsLcErrors.clear();
            }
            return ok;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            // libssl took its own references to the buffers and the key
            freeBuffers(buffers);
            java.lang.ref.Reference.reachabilityFence(key);
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /** The client's ALPN offer, in its wire form (length-prefixed names). */
    public boolean setAlpnProtocols(byte[] wire) {
        MemorySegment ssl = enter();
        try {
            return (int) SslCalls.SSL_SET_ALPN_PROTOS.invokeExact(ssl, MemorySegment.ofArray(wire), (long) wire.length)
                    == 0;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /** Offers {@code session} for resumption (libssl takes its own reference). */
    public boolean setSession(SslSession session) {
        MemorySegment ssl = enter();
        try {
            return (int) SslCalls.SSL_SET_SESSION.invokeExact(ssl, session.pointer()) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
            java.lang.ref.Reference.reachabilityFence(session);
        }
    }

    /** A client asks the server to staple an OCSP response for its certificate (status_request). */
    public void enableOcspStapling() {
        MemorySegment ssl = enter();
        try {
            SslCalls.SSL_ENABLE_OCSP_STAPLING.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /**
     * A server's: whether the client asked for a stapled OCSP response (status_request). Valid in
     * the certificate callback, where it is called.
     */
    public boolean ocspRequested() {
        return read(ssl -> (int) SslCalls.SSL_GET_TLSEXT_STATUS_TYPE.invokeExact(ssl) == SslCalls.STATUS_TYPE_OCSP);
    }

    /**
     * A server's: the DER OCSP response to staple for the leaf just set (libssl sends it only to a
     * client that asked). Called from the certificate callback, after {@link #setChainAndKey}.
     * Returns false when libssl refused it.
     */
    public boolean setOcspResponse(byte[] der) {
        if (der == null || der.length == 0 || der.length >= (1 << 24)) {
            return false; // a CertificateStatus message carries less than 2^24 bytes
        }
        MemorySegment ssl = ptr(); // in a callback: SSL_do_handshake holds the guard
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, der);
            boolean ok = (int) SslCalls.SSL_SET_OCSP_RESPONSE.invokeExact(ssl, copy, (long) der.length) == 1;
            if (!ok) {
                AwsLcErrors.clear();
            }
            return ok;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /** The OCSP response the server stapled (DER), or null. From a callback too. */
    public byte[] ocspResponse() {
        return read(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                // a pointer and a size_t; libssl keeps at most what a handshake message carries (2^24 bytes)
                MemorySegment out = arena.allocate(16);
                SslCalls.SSL_GET0_OCSP_RESPONSE.invokeExact(ssl, out, out.asSlice(8));
                long len = out.get(JAVA_LONG, 8);
                return len <= 0 || len > (1 << 24) ? null : SslCalls.bytes(out.get(ADDRESS, 0), len);
            }
        });
    }

    /**
     * A server's: the named groups the client listed (its supported_groups extension, TLS code
     * points in its order), or null when it sent none. From the certificate callback, where libssl
     * still holds the ClientHello (libssl parsed and checked the extension before).
     */
    public int[] clientSupportedGroups() {
        MemorySegment ssl = ptr(); // in a callback: SSL_do_handshake holds the guard
        try (Arena arena = Arena.ofConfined()) {
            // libssl reads the extension from the handshake's current message: in the certificate
            // callback, still the ClientHello
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
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /**
     * A client's, from the certificate callback: the CA names (DER) the server's CertificateRequest
     * listed, or an empty list when it listed none.
     */
    public List<byte[]> serverRequestedAuthorities() {
        return read(
                ssl -> SslCalls.cryptoBuffers((MemorySegment) SslCalls.SSL_GET0_SERVER_REQUESTED_CAS.invokeExact(ssl)));
    }

    /** The protocol ALPN selected, or null. */
    public String alpnSelected() {
        return read(ssl -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(16); // a pointer and an unsigned
                SslCalls.SSL_GET0_ALPN_SELECTED.invokeExact(ssl, out, out.asSlice(8));
                int len = out.get(JAVA_INT, 8);
                byte[] p = len <= 0 || len > 255 ? null : SslCalls.bytes(out.get(ADDRESS, 0), len);
                return p == null ? null : new String(p, java.nio.charset.StandardCharsets.ISO_8859_1);
            }
        });
    }

    /**
     * The connection's session as an owned reference, for a server to take it out of libssl's
     * session-id cache later ({@link SslContextHandle#forget}); null when there is none.
     */
    public SslSession session() {
        MemorySegment s = read(ssl -> (MemorySegment) SslCalls.SSL_GET1_SESSION.invokeExact(ssl));
        return s.equals(MemorySegment.NULL) ? null : new SslSession(s);
    }

    /** The id libssl gave this connection's session (empty when none). */
    public byte[] sessionId() {
        return read(ssl -> {
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
        return read(ssl -> {
            MemorySegment session = (MemorySegment) SslCalls.SSL_GET_SESSION.invokeExact(ssl);
            return session.equals(MemorySegment.NULL) ? 0L : (long) SslCalls.SSL_SESSION_GET_TIME.invokeExact(session);
        });
    }

    // ---- the handshake and records ----

    /** One step of the handshake: {@link #ERROR_NONE} when it finished, else an SSL_get_error code. */
    public int handshake() {
        MemorySegment ssl = enter();
        readDrained = false;
        try {
            int r = (int) SslCalls.SSL_DO_HANDSHAKE.invokeExact(ssl);
            if (r == 1) {
                handshakeDone = true;
                return ERROR_NONE;
            }
            return (int) SslCalls.SSL_GET_ERROR.invokeExact(ssl, r);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            wire.settle();
            exit();
        }
    }

    /** Bytes libssl has written for the peer that wait for a destination ({@link #drain}). */
    public int pendingOutput() {
        return wire.pendingOutput();
    }

    /**
     * Gives libssl {@code len} bytes of {@code src} (from its position, which advances past them):
     * the next {@link #handshake} or {@link #read} reads them from {@code src} itself, and keeps
     * whatever it leaves before it returns. So one of those two must follow before {@code src}
     * goes back to its owner.
     */
    public void feed(ByteBuffer src, int len) {
        if (len < 0 || len > src.remaining()) {
            throw new IllegalArgumentException("feed " + len + " of " + src.remaining());
        }
        readDrained = false;
        wire.offer(src, len);
    }

    /** Moves what libssl wrote for the peer (and found no room for) into {@code dst}, as much as fits. */
    public int drain(ByteBuffer dst) {
        return wire.drain(dst);
    }

    /**
     * Decrypts what libssl has into {@code dsts} (at most one record's plaintext, and at most what
     * fits). Returns the bytes produced, or minus an SSL_get_error code when there were none.
     */
    public int read(ByteBuffer[] dsts, int offset, int length) {
        MemorySegment ssl = enter();
        try {
            long room = 0;
            for (int i = offset; i < offset + length; i++) {
                room += dsts[i].remaining();
            }
            int want = (int) Math.min(room, MAX_PLAINTEXT);
            if (want == 0) {
                return 0;
            }
            if (readDrained && !wire.hasInput()) {
                return -ERROR_WANT_READ; // what SSL_read would answer, without the call
            }
            ByteBuffer first = firstWithRoom(dsts, offset, length);
            boolean direct = first.isDirect() && first.remaining() >= want;
            MemorySegment scratch = direct ? null : Scratch.take();
            try {
                MemorySegment target = direct ? MemorySegment.ofBuffer(first).asSlice(0, want) : scratch;
                int r = (int) SslCalls.SSL_READ.invokeExact(ssl, target, want);
                if (r <= 0) {
                    return -(int) SslCalls.SSL_GET_ERROR.invokeExact(ssl, r);
                }
                // less than asked: the record's plaintext is all out, and a next SSL_read would
                // only find the wire empty
                readDrained = r < want && !wire.hasInput();
                if (direct) {
                    first.position(first.position() + r);
                } else {
                    scatter(target, r, dsts, offset, length);
                }
                return r;
            } finally {
                if (scratch != null) {
                    Scratch.give(scratch);
                }
            }
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            wire.settle();
            exit();
        }
    }

    /**
     * Seals the next {@code len} bytes of {@code srcs[offset..offset+length)} into one record
     * written into {@code dst} (the caller checked it has room for {@code len} and
     * {@link #maxSealOverhead}); the sources' positions advance past what was sealed. Returns
     * {@code len}, or minus an SSL_get_error code. Anything libssl writes beyond {@code dst}'s
     * room waits for {@link #drain}.
     */
    public int write(ByteBuffer[] srcs, int offset, int length, int len, ByteBuffer dst) {
        if (len <= 0 || len > MAX_PLAINTEXT) {
            throw new IllegalArgumentException("write " + len);
        }
        ByteBuffer first = firstWithRoom(srcs, offset, length);
        // one direct, writable buffer holding the whole record goes to libssl as it is; anything
        // else (heap, read-only, spread over several buffers) is gathered into a native scratch
        boolean asIs = first.isDirect() && !first.isReadOnly() && first.remaining() >= len;
        long available = 0;
        for (int i = offset; i < offset + length; i++) {
            available += srcs[i].remaining();
        }
        if (available < len) {
            throw new IllegalArgumentException("write " + len + " of " + available);
        }
        MemorySegment ssl = enter();
        MemorySegment scratch = asIs ? null : Scratch.take();
        try {
            MemorySegment from;
            if (asIs) {
                from = MemorySegment.ofBuffer(first).asSlice(0, len);
            } else {
                from = scratch;
                gather(srcs, offset, length, scratch, len);
            }
            wire.writeTo(dst);
            int r = (int) SslCalls.SSL_WRITE.invokeExact(ssl, from, len);
            if (r <= 0) {
                return -(int) SslCalls.SSL_GET_ERROR.invokeExact(ssl, r);
            }
            // the whole record was sealed (no partial writes): the sources give up len bytes
            if (asIs) {
                first.position(first.position() + r);
            } else {
                advance(srcs, offset, length, r);
            }
            return r;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            wire.writeTo(null);
            if (scratch != null) {
                Scratch.give(scratch);
            }
            exit();
        }
    }

    /** A valid pointer for a zero-length SSL_write. */
    private static final MemorySegment NOTHING = Arena.global().allocate(1);

    /** SSL_KEY_UPDATE_REQUESTED: the peer updates its sending keys too. */
    private static final int KEY_UPDATE_REQUESTED = 1;

    /**
     * Queues a TLS 1.3 KeyUpdate asking the peer to update its keys too, and flushes it into the
     * pending output (a zero-length SSL_write). False when libssl refuses (not TLS 1.3).
     */
    public boolean requestKeyUpdate() {
        MemorySegment ssl = enter();
        try {
            if ((int) SslCalls.SSL_KEY_UPDATE.invokeExact(ssl, KEY_UPDATE_REQUESTED) != 1) {
                AwsLcErrors.clear();
                return false;
            }
            int r = (int) SslCalls.SSL_WRITE.invokeExact(ssl, NOTHING, 0);
            if (r < 0) {
                AwsLcErrors.clear();
                return false;
            }
            return true;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /** Sends close_notify (SSL_shutdown); the alert waits in the pending output. */
    public void shutdown() {
        MemorySegment ssl = enter();
        try {
            int unused = (int) SslCalls.SSL_SHUTDOWN.invokeExact(ssl);
            AwsLcErrors.clear();
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /**
     * Queues a fatal alert for the peer (TLS alert code, e.g. 80 internal_error) after a failure
     * libssl sent none for: one that came from our side (a key manager or a JCA signature failing).
     * The connection is unusable afterwards.
     */
    public void sendFatalAlert(int alert) {
        if (alert < 0 || alert > 255) {
            throw new IllegalArgumentException("alert " + alert);
        }
        MemorySegment ssl = enter();
        try {
            int unused = (int) SslCalls.SSL_SEND_FATAL_ALERT.invokeExact(ssl, (byte) alert);
            AwsLcErrors.clear();
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /** True once the peer's close_notify was read. */
    public boolean receivedShutdown() {
        return read(ssl -> ((int) SslCalls.SSL_GET_SHUTDOWN.invokeExact(ssl) & 2) != 0);
    }
    // ---- what was negotiated ----

    /**
     * A read of the SSL's state that changes nothing: without the concurrent-use guard, since the
     * callbacks (inside SSL_do_handshake, which holds it) read too; the engine's lock keeps other
     * threads out. Keeps this object reachable until the read is done.
     */
    private <T> T read(NativeRead<T> reader) {
        try {
            return reader.apply(ptr());
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /** Reads the SSL's state with libssl's calls (which declare Throwable). */
    private interface NativeRead<T> {
        T apply(MemorySegment ssl) throws Throwable;
    }

    /** 0x0304, 0x0303, ... */
    public int version() {
        return read(ssl -> (int) SslCalls.SSL_VERSION.invokeExact(ssl));
    }

    /** The suite's standard name: the current one, else the one being negotiated, else null. */
    public String cipherSuite() {
        return read(ssl -> {
            String s = SslCalls.suiteName((MemorySegment) SslCalls.SSL_GET_CURRENT_CIPHER.invokeExact(ssl));
            return s != null ? s : SslCalls.suiteName((MemorySegment) SslCalls.SSL_GET_PENDING_CIPHER.invokeExact(ssl));
        });
    }

    /** The group's libssl name ("X25519MLKEM768", "P-256"), or null. */
    public String group() {
        return read(ssl -> {
            short id = (short) SslCalls.SSL_GET_GROUP_ID.invokeExact(ssl); // 0x11EC: X25519MLKEM768
            return id == 0 ? null : SslCalls.staticName((MemorySegment) SslCalls.SSL_GET_GROUP_NAME.invokeExact(id));
        });
    }

    public boolean sessionReused() {
        return read(ssl -> (int) SslCalls.SSL_SESSION_REUSED.invokeExact(ssl) == 1);
    }
    /** The host name the client asked for (server side), or null. From a callback too. */
    public String requestedServerName() {
        return read(ssl -> SslCalls.cString((MemorySegment) SslCalls.SSL_GET_SERVERNAME.invokeExact(ssl, 0)));
    }

    /** The peer's certificate chain as DER, leaf first (empty when it sent none). From a callback too. */
    public List<byte[]> peerCertificates() {
        return read(
                ssl -> SslCalls.cryptoBuffers((MemorySegment) SslCalls.SSL_GET0_PEER_CERTIFICATES.invokeExact(ssl)));
    }

    /** The signature algorithms the peer accepts (TLS code points), during the certificate callback. */
    public int[] peerSignatureAlgorithms() {
        return read(ssl -> {
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

    /** True when the handshake used the extended master secret (RFC 7627), as every TLS 1.3 one does. */
    public boolean extendedMasterSecret() {
        return read(ssl -> (int) SslCalls.SSL_GET_EXTMS_SUPPORT.invokeExact(ssl) == 1);
    }

    /**
     * RFC 5705 / RFC 8446 7.5 keying material of this connection: {@code length} bytes for
     * {@code label} (its bytes as they are) and {@code context} (null: none, which TLS 1.2 tells
     * apart from an empty one). Null when libssl refuses (the handshake not finished). The caller
     * applies the protocol's own limits first; here only what keeps native memory safe.
     */
    public byte[] exportKeyingMaterial(byte[] label, byte[] context, int length) {
        if (label == null || length <= 0 || (context != null && context.length > 0xFFFF)) {
            throw new IllegalArgumentException("export of " + length + " bytes");
        }
        MemorySegment ssl = enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(length);
            MemorySegment l = arena.allocate(Math.max(1, label.length));
            MemorySegment.copy(label, 0, l, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, label.length);
            int contextLength = context == null ? 0 : context.length;
            MemorySegment c = arena.allocate(Math.max(1, contextLength));
            if (contextLength > 0) {
                MemorySegment.copy(context, 0, c, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, contextLength);
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
                return out.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            } finally {
                out.fill((byte) 0);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /** The most a record adds to its plaintext now. */
    public int maxSealOverhead() {
        if (sealOverhead >= 0) {
            return sealOverhead;
        }
        int o = read(ssl -> (int) Math.min(Integer.MAX_VALUE, (long) SslCalls.SSL_MAX_SEAL_OVERHEAD.invokeExact(ssl)));
        if (handshakeDone) {
            sealOverhead = o; // the suite is fixed from here on (libssl renegotiates nothing)
        }
        return o;
    }

    /** Unregisters the callbacks and the wire and frees the SSL (and its BIO). Idempotent. */
    public void free() {
        if (isClosed()) {
            return;
        }
        close(); // release(): unregisters, then SSL_free
    }

    // helpers

    private static void freeBuffers(List<MemorySegment> buffers) {
        try {
            for (MemorySegment b : buffers) {
                SslCalls.CRYPTO_BUFFER_FREE.invokeExact(b);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static ByteBuffer firstWithRoom(ByteBuffer[] dsts, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (dsts[i].hasRemaining()) {
                return dsts[i];
            }
        }
        return dsts[offset];
    }

    private static void scatter(MemorySegment from, int n, ByteBuffer[] dsts, int offset, int length) {
        int done = 0;
        for (int i = offset; i < offset + length && done < n; i++) {
            ByteBuffer d = dsts[i];
            int k = Math.min(d.remaining(), n - done);
            if (k == 0) {
                continue;
            }
            MemorySegment.copy(from, done, MemorySegment.ofBuffer(d), 0, k);
            d.position(d.position() + k);
            done += k;
        }
    }

    private static void gather(ByteBuffer[] srcs, int offset, int length, MemorySegment to, int len) {
        int done = 0;
        for (int i = offset; i < offset + length && done < len; i++) {
            ByteBuffer s = srcs[i];
            int k = Math.min(s.remaining(), len - done);
            if (k > 0) {
                MemorySegment.copy(MemorySegment.ofBuffer(s), 0, to, done, k);
                done += k;
            }
        }
    }

    private static void advance(ByteBuffer[] srcs, int offset, int length, int n) {
        for (int i = offset; i < offset + length && n > 0; i++) {
            int k = Math.min(srcs[i].remaining(), n);
            srcs[i].position(srcs[i].position() + k);
            n -= k;
        }
    }
}
