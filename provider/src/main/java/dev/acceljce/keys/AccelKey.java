package dev.acceljce.keys;

import java.security.InvalidKeyException;

import dev.acceljce.openssl.EvpPkey;

/** A key whose material lives in an OpenSSL EVP_PKEY: what the signature and agreement SPIs use. */
public interface AccelKey extends java.security.Key {
    KeyKind kind();

    /**
     * The native key, valid while this key object is reachable.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    EvpPkey.Key nativeKey() throws InvalidKeyException;
}
