package dev.acceljce.foreign;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * One owned native object of a bundled library (an OpenSSL {@code EVP_CIPHER_CTX}, an AWS-LC
 * {@code EVP_AEAD_CTX}, ...): the one ownership idiom of both bindings. The owner frees it exactly once: by {@link #close()} where the JCA
 * lifecycle gives a point to do so, otherwise by a {@link Cleaner} once the owner is unreachable.
 * Both paths go through the same {@link Cleaner.Cleanable}, which runs at most once.
 *
 * <p>Subclasses read the pointer through {@link #ptr()}, which refuses a closed object, and end
 * every method that passes it to native code with {@code Reference.reachabilityFence(this)} so the
 * Cleaner cannot free the object while a call on it is still running.
 *
 * <p><b>Concurrent-use guard.</b> OpenSSL's and AWS-LC's contexts are not thread-safe: two threads in
 * {@code EVP_*Update} on one context, or one thread freeing or re-initialising a context while
 * another is inside a native call on it, corrupt native memory. JCA objects are not thread-safe
 * either, but a caller's mistake must end in an exception, never in a crash. So every native call
 * on a context is bracketed by {@link #enter()} and {@link #exit()}: {@code enter} flips an
 * "in use" flag with one uncontended compare-and-set and throws
 * {@code IllegalStateException("concurrent use ...")} when another thread holds it; {@code exit}
 * is a plain release store. {@link #close()} refuses to free a context that is in use. That is
 * the whole cost of the guard: one CAS per operation (not per chunk), no lock, no waiting.
 *
 * <p>Each binding has its subclass, which says how a failed allocation is reported (with that
 * library's error queue) and which free functions it has.
 */
public abstract class NativeObject implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "AccelJCE-native-cleaner");
        t.setDaemon(true);
        // Not the creator's (a web application's) class loader: the thread outlives a stopped
        // application and would keep its classes. Cleaning loads no class by the context loader.
        t.setContextClassLoader(null);
        return t;
    });
    private static final Map<String, LongAdder> LIVE = new ConcurrentHashMap<>();

    /** {@link #state}: no native call running. */
    private static final int IDLE = 0;
    /** {@link #state}: a thread is inside a native call on this object (between enter and exit). */
    private static final int IN_USE = 1;
    /** {@link #state}: freed; final. */
    private static final int CLOSED = 2;
    /** {@link #state} from here up: {@code state - SHARED + 1} threads share it ({@link #enterShared()}). */
    private static final int SHARED = 4;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(NativeObject.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final MemorySegment ptr;
    private final Cleaner.Cleanable cleanable;
    /** IDLE, IN_USE or CLOSED; written through {@link #STATE}. */
    @SuppressWarnings("unused")
    private volatile int state;

    /**
     * The live count of objects of {@code kind}, for a class that frees an object in the call that
     * made it (no Cleaner needed) and still shows it in {@link #liveObjects()}.
     */
    public static LongAdder liveCounter(String kind) {
        return LIVE.computeIfAbsent(kind, k -> new LongAdder());
    }

    /**
     * Takes ownership of {@code ptr}, to be released by {@code free} (a {@code void f(void*)}
     * handle). {@code kind} names the object type in the live-object counts. With {@code scoped}
     * the object gets no Cleaner: its owner frees it with {@link #close()} in a {@code finally}
     * block of the call that made it. For an object that lives for one call, where registering a
     * Cleaner (and the GC's work on it) costs more than the native work.
     *
     * @throws IllegalArgumentException when {@code ptr} is NULL: a subclass reports a failed
     *                                  allocation with its library's errors before calling this
     */
    protected NativeObject(MemorySegment ptr, MethodHandle free, String kind, boolean scoped) {
        if (ptr == null || ptr.equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException(kind + ": NULL pointer");
        }
        this.ptr = ptr;
        LongAdder live = LIVE.computeIfAbsent(kind, k -> new LongAdder());
        live.increment();
        Release release = new Release(ptr.address(), free, live);
        // freeIfIdle's compare-and-set already lets one caller through, so a plain run is enough
        this.cleanable = scoped ? release::run : CLEANER.register(this, release);
    }

    /**
     * The native pointer, without taking the concurrent-use guard; throws
     * {@link IllegalStateException} once the object was closed. Only for calls that neither change
     * nor read mutable state of the object; everything else uses {@link #enter()}.
     */
    protected final MemorySegment ptr() {
        if (state == CLOSED) {
            throw freed();
        }
        return ptr;
    }

    /**
     * Starts a native call on this object and returns its pointer: one compare-and-set of the
     * "in use" flag. Pair it with {@link #exit()} in a {@code finally} block; do not nest.
     *
     * @throws IllegalStateException when another thread is inside a native call on this object
     *                               ("concurrent use"), or the object was freed
     */
    protected final MemorySegment enter() {
        if (!STATE.compareAndSet(this, IDLE, IN_USE)) {
            throw refused();
        }
        return ptr;
    }

    /**
     * Ends the native call {@link #enter()} started (a release store) and keeps this object
     * reachable until here, so the Cleaner cannot free it during the call.
     */
    protected final void exit() {
        STATE.setRelease(this, IDLE);
        Reference.reachabilityFence(this);
    }

    /**
     * Starts a use that others may share (several threads at once, none exclusive): for an object
     * OpenSSL only reads, such as an EVP_PKEY handed to a call that takes its own reference. While
     * shared, {@link #enter()}, {@link #close()} and {@link #release()} do not free or take it.
     * Pair with {@link #exitShared()}.
     *
     * @throws IllegalStateException when a thread holds it exclusively, or it was freed
     */
    protected final MemorySegment enterShared() {
        while (true) {
            int s = state;
            if (s == IDLE
                    ? STATE.compareAndSet(this, IDLE, SHARED)
                    : s >= SHARED ? STATE.compareAndSet(this, s, s + 1) : false) {
                return ptr;
            }
            if (s == IN_USE || s == CLOSED) {
                throw refused();
            }
        }
    }

    /** Ends a use {@link #enterShared()} started; keeps this object reachable until here. */
    protected final void exitShared() {
        while (true) {
            int s = state;
            if (STATE.compareAndSet(this, s, s == SHARED ? IDLE : s - 1)) {
                break;
            }
        }
        Reference.reachabilityFence(this);
    }

    private IllegalStateException refused() {
        if (state == CLOSED) {
            return freed();
        }
        return new IllegalStateException("concurrent use of one " + getClass().getSimpleName()
                + " by several threads (JCA objects are not thread-safe)");
    }

    private IllegalStateException freed() {
        return new IllegalStateException(getClass().getSimpleName() + " was already freed");
    }

    public final boolean isClosed() {
        return state == CLOSED;
    }

    /**
     * Frees the native object now. Idempotent.
     *
     * @throws IllegalStateException when another thread is inside a native call on it (or shares
     *                               it): the object stays allocated (the Cleaner frees it later)
     */
    @Override
    public final void close() {
        int was = freeIfIdle();
        if (was != IDLE && was != CLOSED) {
            throw refused(); // in use, exclusively or shared
        }
    }

    /**
     * Frees the native object now, unless another thread is inside a native call on it: then it
     * stays allocated and its Cleaner frees it once the owner is unreachable. For freeing from
     * another thread than the owner's (a destroyed key's holders); never throws.
     */
    public final void release() {
        freeIfIdle();
    }

    /** Frees the object if no call is using it; returns the state it was in. */
    private int freeIfIdle() {
        int was = (int) STATE.compareAndExchange(this, IDLE, CLOSED);
        if (was == IDLE) {
            cleanable.clean();
        }
        return was;
    }

    /** Live (allocated, not yet freed) native objects of every kind, as a sorted snapshot. */
    public static Map<String, Long> liveObjects() {
        Map<String, Long> out = new TreeMap<>();
        LIVE.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** Total live native objects. */
    public static long liveCount() {
        long n = 0;
        for (LongAdder a : LIVE.values()) {
            n += a.sum();
        }
        return n;
    }

    /**
     * Rethrows what {@code MethodHandle.invokeExact} threw: errors and runtime exceptions as is.
     * The one such helper of every binding (a downcall handle throws no checked exception, but
     * {@code invokeExact} declares {@code Throwable}).
     */
    public static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("unexpected checked exception from a native call", t);
    }

    /** The Cleaner action: holds only the address, never the owner. */
    private record Release(long address, MethodHandle free, LongAdder live) implements Runnable {
        @Override
        public void run() {
            try {
                free.invokeExact(MemorySegment.ofAddress(address));
            } catch (Throwable t) {
                throw rethrow(t);
            } finally {
                live.decrement();
            }
        }
    }
}
