package dev.acceljce.keys;

/**
 * An engine that keeps native references to a private key between calls: an EVP_PKEY_CTX made
 * for it, or a reference taken with {@link AccelKey#share()}. Registered with
 * {@link AccelKey#heldBy}, it is told when the key is destroyed and frees those objects at once,
 * so OpenSSL clear-frees the private material then, not when the engine is re-initialised or
 * collected. Keys hold their holders weakly.
 */
public interface KeyHolder {
    /**
     * {@code key} was destroyed: free every native object of this engine that references it.
     * Runs on the destroying thread and must not throw. An object in the middle of a native call
     * on another thread is left to its Cleaner ({@code NativeResource.release}); the engine
     * refuses the destroyed key at its next call either way.
     */
    void keyDestroyed(AccelKey key);
}
