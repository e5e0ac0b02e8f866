package dev.acceljce.libssl;

import static dev.acceljce.foreign.NativeObject.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The transport of one connection's records: a BIO of our own whose read and write functions are
 * upcalls into this object, so libssl reads ciphertext straight out of the caller's network buffer
 * and writes it straight into the caller's destination buffer (heap or direct) while one call
 * into libssl runs. Each direction costs one copy between libssl's record buffer and the
 * caller's memory, where an in-memory BIO pair costs two (and a fixed buffer per half).
 *
 * <p>Between calls the BIO points at nothing. What libssl writes when no destination is set, or
 * more than it has room for (a handshake flight, an alert, a KeyUpdate queued by a read), waits
 * in a heap array made on demand and dropped once drained; input offered but left unread waits
 * the same way. An idle connection holds neither, and libssl itself releases its record buffers
 * between records (AWS-LC always does), so an idle connection holds no record-sized buffer.
 *
 * <p>Input is offered with {@link #offer} before a call into libssl and settled with
 * {@link #settle} after it, before the caller's buffer is handed back: libssl reads exactly what
 * a record needs (its header, then its body; AWS-LC reads no further ahead unless asked), so
 * after one offered record it has normally taken all of it.
 *
 * <p>Upcalls run on the thread that called into libssl, under the engine's lock, and only copy
 * bytes: no exception leaves them (one would end the JVM); a failure answers libssl with an error,
 * which fails the connection. Writes never block: everything libssl writes is accepted.
 */
final class WireBio {
    private static final int BIO_CTRL_FLUSH = 11;

    /** BIO* address -> its wire; an entry lives from {@link #create} to {@link #forget}. */
    private static final ConcurrentHashMap<Long, WireBio> WIRES = new ConcurrentHashMap<>();

    /** The BIO_METHOD every wire shares, built once. */
    private static final MemorySegment METHOD;

    static {
        MemorySegment write = stub("write", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        MemorySegment read = stub("read", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        MemorySegment ctrl = stub("ctrl", FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS));
        try {
            int type = 0x0400 | (int) SslCalls.BIO_GET_NEW_INDEX.invokeExact();
            // the method lives as long as the process: so does its name
            MemorySegment method = (MemorySegment)
                    SslCalls.BIO_METH_NEW.invokeExact(type, Arena.global().allocateFrom("AccelJCE record wire"));
            if (method.equals(MemorySegment.NULL)
                    || (int) SslCalls.BIO_METH_SET_WRITE.invokeExact(method, write) != 1
                    || (int) SslCalls.BIO_METH_SET_READ.invokeExact(method, read) != 1
                    || (int) SslCalls.BIO_METH_SET_CTRL.invokeExact(method, ctrl) != 1) {
                throw new ExceptionInInitializerError("AWS-LC refused the record BIO method");
            }
            METHOD = method;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static MemorySegment stub(String name, FunctionDescriptor fd) {
        try {
            return Linker.nativeLinker()
                    .upcallStub(
                            MethodHandles.lookup().findStatic(WireBio.class, name, fd.toMethodType()),
                            fd,
                            Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final MemorySegment bio;

    // input: what is left of the offered record, after the backlog
    private MemorySegment offered;
    private long offeredRead;
    private byte[] backlog;
    private int backlogStart, backlogEnd;

    // output: the caller's destination during one call, then the backlog of output
    private ByteBuffer destination;
    private byte[] pending;
    private int pendingStart, pendingEnd;

    private WireBio(MemorySegment bio) {
        this.bio = bio;
    }

    /** A new BIO and its wire; the caller hands the BIO to SSL_set_bio (which then owns it). */
    static WireBio create() {
        MemorySegment bio;
        try {
            bio = (MemorySegment) SslCalls.BIO_NEW.invokeExact(METHOD);
            if (bio.equals(MemorySegment.NULL)) {
                return null;
            }
            SslCalls.BIO_SET_INIT.invokeExact(bio, 1);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        WireBio w = new WireBio(bio);
        WIRES.put(bio.address(), w);
        return w;
    }

    MemorySegment bio() {
        return bio;
    }

    /** Before the BIO is freed (with its SSL): its address may be reused afterwards. */
    static void forget(MemorySegment bio) {
        WIRES.remove(bio.address());
    }

    // ---- input ----

    /**
     * Offers {@code len} bytes of {@code src} from its position (which advances past them now)
     * to the next call into libssl. The caller must {@link #settle} before it hands {@code src} back.
     */
    void offer(ByteBuffer src, int len) {
        if (offered != null) {
            settle();
        }
        offered = MemorySegment.ofBuffer(src).asSlice(0, len);
        offeredRead = 0;
        src.position(src.position() + len);
    }

    /** Keeps what libssl left of the offered bytes, so the caller's buffer is free again. */
    void settle() {
        MemorySegment o = offered;
        if (o == null) {
            return;
        }
        offered = null;
        int left = (int) (o.byteSize() - offeredRead);
        if (left > 0) {
            ensureBacklog(left);
            MemorySegment.copy(o, offeredRead, MemorySegment.ofArray(backlog), backlogEnd, left);
            backlogEnd += left;
        }
    }

    /** Whether bytes wait that libssl has not read. */
    boolean hasInput() {
        return backlogEnd > backlogStart || (offered != null && offeredRead < offered.byteSize());
    }

    private void ensureBacklog(int more) {
        if (backlog == null) {
            backlog = new byte[more];
            backlogStart = backlogEnd = 0;
        } else if (backlog.length - backlogEnd < more) {
            int held = backlogEnd - backlogStart;
            byte[] b = new byte[Math.max(held + more, 2 * held)];
            System.arraycopy(backlog, backlogStart, b, 0, held);
            backlog = b;
            backlogStart = 0;
            backlogEnd = held;
        }
    }

    private int readInto(MemorySegment to) {
        int want = (int) to.byteSize();
        int done = 0;
        if (backlogEnd > backlogStart) {
            int k = Math.min(want, backlogEnd - backlogStart);
            MemorySegment.copy(MemorySegment.ofArray(backlog), backlogStart, to, 0, k);
            backlogStart += k;
            done = k;
            if (backlogStart == backlogEnd) {
                backlog = null;
                backlogStart = backlogEnd = 0;
            }
        }
        if (done < want && offered != null) {
            int k = (int) Math.min(want - done, offered.byteSize() - offeredRead);
            MemorySegment.copy(offered, offeredRead, to, done, k);
            offeredRead += k;
            done += k;
        }
        return done;
    }

    // ---- output ----

    /** Sets where libssl's writes go during the next call; null: into the pending output. */
    void writeTo(ByteBuffer dst) {
        destination = dst;
    }

    /** Bytes libssl wrote that wait for a destination. */
    int pendingOutput() {
        return pendingEnd - pendingStart;
    }

    /** Moves pending output into {@code dst}, as much as fits; returns the count. */
    int drain(ByteBuffer dst) {
        int k = Math.min(dst.remaining(), pendingEnd - pendingStart);
        if (k > 0) {
            MemorySegment.copy(MemorySegment.ofArray(pending), pendingStart, MemorySegment.ofBuffer(dst), 0, k);
            dst.position(dst.position() + k);
            pendingStart += k;
        }
        if (pendingStart == pendingEnd) {
            pending = null; // nothing held while idle
            pendingStart = pendingEnd = 0;
        }
        return k;
    }

    private void write(MemorySegment from) {
        int len = (int) from.byteSize();
        int done = 0;
        ByteBuffer d = destination;
        if (d != null && pendingEnd == pendingStart) {
            // in order: straight into the caller's buffer only while nothing waits before it
            done = Math.min(len, d.remaining());
            if (done > 0) {
                MemorySegment.copy(from, 0, MemorySegment.ofBuffer(d), 0, done);
                d.position(d.position() + done);
            }
        }
        int left = len - done;
        if (left > 0) {
            if (pending == null) {
                pending = new byte[Math.max(left, 1024)];
                pendingStart = pendingEnd = 0;
            } else if (pending.length - pendingEnd < left) {
                int held = pendingEnd - pendingStart;
                byte[] p = new byte[Math.max(held + left, 2 * held)];
                System.arraycopy(pending, pendingStart, p, 0, held);
                pending = p;
                pendingStart = 0;
                pendingEnd = held;
            }
            MemorySegment.copy(from, done, MemorySegment.ofArray(pending), pendingEnd, left);
            pendingEnd += left;
        }
    }

    // ---- the upcalls (BIO_METHOD functions): never throw ----

    private static WireBio of(MemorySegment bio) {
        return WIRES.get(bio.address());
    }

    /** bwrite: takes all {@code len} bytes; -1 only when the BIO is unknown or a copy failed. */
    private static int write(MemorySegment bio, MemorySegment data, int len) {
        try {
            WireBio w = of(bio);
            if (w == null || len < 0) {
                return -1;
            }
            if (len > 0) {
                w.write(data.reinterpret(len));
            }
            return len;
        } catch (Throwable t) {
            return -1;
        }
    }

    /** bread: what the backlog and the offered record hold, up to {@code len}; else "retry read". */
    private static int read(MemorySegment bio, MemorySegment data, int len) {
        try {
            WireBio w = of(bio);
            if (w == null || len <= 0) {
                return -1;
            }
            int n = w.readInto(data.reinterpret(len));
            if (n > 0) {
                return n;
            }
            SslCalls.BIO_SET_RETRY_READ.invokeExact(bio);
            return -1;
        } catch (Throwable t) {
            return -1;
        }
    }

    /** ctrl: libssl flushes after a flight (always done here); nothing else is asked of this BIO. */
    private static long ctrl(MemorySegment bio, int cmd, long larg, MemorySegment parg) {
        return cmd == BIO_CTRL_FLUSH ? 1 : 0;
    }
}
