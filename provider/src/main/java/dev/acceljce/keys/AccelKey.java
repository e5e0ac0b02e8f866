package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.security.InvalidKeyException;

/** A key of AccelJCE, held natively (an OpenSSL EVP_PKEY, made on first need for keys another library made): what the SPIs use. */
public interface AccelKey extends java.security.Key {
    KeyKind kind();

    /**
     * The native key, valid while this key object is reachable and not destroyed: for quick
     * checks. An engine that keeps using the key takes its own reference with {@link #share()}.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    EvpPkey.Key nativeKey() throws InvalidKeyException;

    /**
     * Refuses a destroyed key, without making anything: the check an operation makes before and
     * after it runs. Public keys are never destroyed.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    default void requireLive() throws InvalidKeyException {}

    /**
     * A new reference to the native key that the caller owns and closes; the material stays
     * alive until every reference is closed, even if this key is destroyed meanwhile.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    EvpPkey.Key share() throws InvalidKeyException;

    /**
     * Tells {@code holder} when this key is destroyed (at once if it already is), so it can free
     * the native references it keeps. Public keys are never destroyed: nothing to tell.
     */
    default void heldBy(KeyHolder holder) {}
}
