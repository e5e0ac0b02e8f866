package dev.acceljce.openssl;

import dev.acceljce.foreign.NativeObject;

/** Small helpers shared by the bindings. */
public final class Native {
    /**
     * Largest chunk handed to one critical downcall. Critical calls hold off the GC, and OpenSSL's
     * update functions take an {@code int} length: large inputs are fed in chunks of this size.
     */
    public static final int MAX_CHUNK = 1 << 20;

    private Native() {}

    /** Rethrows what {@code MethodHandle.invokeExact} threw: errors and runtime exceptions as is. */
    public static RuntimeException rethrow(Throwable t) {
        return NativeObject.rethrow(t);
    }
}
