package dev.acceljce.openssl;

/** Constants of the OpenSSL binding. */
public final class Native {
    /**
     * Largest chunk handed to one critical downcall. Critical calls hold off the GC, and OpenSSL's
     * update functions take an {@code int} length: large inputs are fed in chunks of this size.
     */
    public static final int MAX_CHUNK = 1 << 20;

    private Native() {}
}
