package dev.acceljce.openssl;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import static java.lang.foreign.ValueLayout.ADDRESS;

/**
 * One owned OpenSSL object. The owner frees it exactly once: by {@link #close()} where the JCA
 * lifecycle gives a point to do so, otherwise by a {@link Cleaner} once the owner is unreachable.
 * Both paths go through the same {@link Cleaner.Cleanable}, which runs at most once.
 *
 * <p>Subclasses read the pointer through {@link #ptr()}, which refuses a closed object, and end
 * every method that passes it to native code with {@code Reference.reachabilityFence(this)} so the
 * Cleaner cannot free the object while a call on it is still running.
 *
 * <p>OpenSSL's own {@code *_free} functions cleanse key schedules and MAC keys held in contexts
 * (EVP_CIPHER_CTX, EVP_MAC_CTX, EVP_PKEY all use {@code OPENSSL_clear_free} for key material).
 */
public abstract class NativeResource implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "AccelJCE-native-cleaner");
        t.setDaemon(true);
        return t;
    });
    private static final Map<String, LongAdder> LIVE = new ConcurrentHashMap<>();

    private final MemorySegment ptr;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean closed;

    /**
     * Takes ownership of {@code ptr}, to be released by {@code free} (a {@code void f(void*)}
     * handle). {@code kind} names the object type in the live-object counts.
     *
     * @throws OpenSslException when {@code ptr} is NULL (the allocation failed)
     */
    protected NativeResource(MemorySegment ptr, MethodHandle free, String kind) {
        if (ptr == null || ptr.equals(MemorySegment.NULL)) {
            throw OpenSslErrors.failure(kind + " allocation");
        }
        this.ptr = ptr;
        LongAdder live = LIVE.computeIfAbsent(kind, k -> new LongAdder());
        live.increment();
        this.cleanable = CLEANER.register(this, new Release(ptr.address(), free, live));
    }

    /** The native pointer; throws {@link IllegalStateException} once the object was closed. */
    protected final MemorySegment ptr() {
        if (closed) {
            throw new IllegalStateException(getClass().getSimpleName() + " was already freed");
        }
        return ptr;
    }

    public final boolean isClosed() {
        return closed;
    }

    /** Frees the native object now. Idempotent. */
    @Override
    public final void close() {
        closed = true;
        cleanable.clean();
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

    /** The {@code void f(void*)} descriptor every OpenSSL free function has. */
    protected static MethodHandle freeFunction(String name) {
        return LibCrypto.function(name, FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** The Cleaner action: holds only the address, never the owner. */
    private record Release(long address, MethodHandle free, LongAdder live) implements Runnable {
        @Override
        public void run() {
            try {
                free.invokeExact(MemorySegment.ofAddress(address));
            } catch (Throwable t) {
                throw Native.rethrow(t);
            } finally {
                live.decrement();
            }
        }
    }
}
