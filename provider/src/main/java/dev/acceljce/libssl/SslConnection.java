package dev.acceljce.libssl;

import dev.acceljce.awslc.AwsLcErrors;
import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

/**
 * One TLS connection in libssl: an owned {@code SSL} whose records go through a {@link WireBio}:
 * libssl reads ciphertext from the caller's network buffer and writes it into the caller's
 * destination during the call, one copy each way. Plaintext in direct buffers is handed to
 * {@code SSL_write} and {@code SSL_read} as it is; plaintext in heap buffers passes through a
 * shared native scratch buffer of one record ({@link PlaintextBuffers}). This class holds the
 * connection's life, its handshake steps, its records and its closing; what this side asks for is
 * {@link #settings()}, what the handshake settled {@link #negotiated()}.
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

    /** The largest plaintext libssl takes or gives in one call. */
    public static final int MAX_PLAINTEXT = 16 * 1024;

    /** Where libssl's records come from and go to. */
    private final WireBio wire;

    private final SslSettings settings = new SslSettings(this);
    private final SslNegotiated negotiated = new SslNegotiated(this);

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
            ConnectionMemory.shedAfterHandshake(ssl);
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

    /** What this side asks libssl for: set before the handshake, and from the certificate callback. */
    public SslSettings settings() {
        return settings;
    }

    /** What the handshake settled and what the peer offered. */
    public SslNegotiated negotiated() {
        return negotiated;
    }

    /** A call into libssl on this connection's SSL; what it throws is rethrown unchecked. */
    interface NativeCall<T> {
        T apply(MemorySegment ssl) throws Throwable;
    }

    /** {@code call} under the concurrent-use guard: from the engine, outside libssl. */
    <T> T call(NativeCall<T> call) {
        MemorySegment ssl = enter();
        try {
            return call.apply(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /**
     * {@code call} without the guard: from a callback (inside SSL_do_handshake, which holds it),
     * or a read that changes nothing (the callbacks read too; the engine's lock keeps other
     * threads out). Keeps this object reachable until the call is done.
     */
    <T> T callInside(NativeCall<T> call) {
        try {
            return call.apply(ptr());
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            Reference.reachabilityFence(this);
        }
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
            ByteBuffer first = PlaintextBuffers.firstWithRoom(dsts, offset, length);
            boolean direct = first.isDirect() && first.remaining() >= want;
            MemorySegment scratch = direct ? null : PlaintextBuffers.take();
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
                    PlaintextBuffers.scatter(target, r, dsts, offset, length);
                }
                return r;
            } finally {
                if (scratch != null) {
                    PlaintextBuffers.give(scratch);
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
        ByteBuffer first = PlaintextBuffers.firstWithRoom(srcs, offset, length);
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
        MemorySegment scratch = asIs ? null : PlaintextBuffers.take();
        try {
            MemorySegment from;
            if (asIs) {
                from = MemorySegment.ofBuffer(first).asSlice(0, len);
            } else {
                from = scratch;
                PlaintextBuffers.gather(srcs, offset, length, scratch, len);
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
                PlaintextBuffers.advance(srcs, offset, length, r);
            }
            return r;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            wire.writeTo(null);
            if (scratch != null) {
                PlaintextBuffers.give(scratch);
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
        return callInside(ssl -> ((int) SslCalls.SSL_GET_SHUTDOWN.invokeExact(ssl) & 2) != 0);
    }
    /** The most a record adds to its plaintext now. */
    public int maxSealOverhead() {
        if (sealOverhead >= 0) {
            return sealOverhead;
        }
        int o = callInside(
                ssl -> (int) Math.min(Integer.MAX_VALUE, (long) SslCalls.SSL_MAX_SEAL_OVERHEAD.invokeExact(ssl)));
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
}
