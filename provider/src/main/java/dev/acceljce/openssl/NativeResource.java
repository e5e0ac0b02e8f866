package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * One owned OpenSSL object: the shared ownership idiom ({@link NativeObject}: freed exactly once,
 * by {@code close()} or a Cleaner, with the concurrent-use guard), with OpenSSL's error queue
 * reporting a failed allocation. The live-object counts ({@code liveObjects()}) cover both
 * libraries.
 *
 * <p>OpenSSL's own {@code *_free} functions cleanse key schedules and MAC keys held in contexts
 * (EVP_CIPHER_CTX, EVP_MAC_CTX, EVP_PKEY all use {@code OPENSSL_clear_free} for key material).
 */
public abstract class NativeResource extends NativeObject {
    /**
     * Takes ownership of {@code ptr}, to be released by {@code free} (a {@code void f(void*)}
     * handle). {@code kind} names the object type in the live-object counts.
     *
     * @throws OpenSslException when {@code ptr} is NULL (the allocation failed)
     */
    protected NativeResource(MemorySegment ptr, MethodHandle free, String kind) {
        this(ptr, free, kind, false);
    }

    /** As {@link #NativeResource(MemorySegment, MethodHandle, String)}; {@code scoped}: see {@link NativeObject}. */
    protected NativeResource(MemorySegment ptr, MethodHandle free, String kind, boolean scoped) {
        if (ptr == null || ptr.equals(MemorySegment.NULL)) {
            throw OpenSslErrors.failure(kind + " allocation");
        }
        super(ptr, free, kind, scoped);
    }

    /** The {@code void f(void*)} descriptor every OpenSSL free function has. */
    protected static MethodHandle freeFunction(String name) {
        return LibCrypto.function(name, FunctionDescriptor.ofVoid(ADDRESS));
    }
}
