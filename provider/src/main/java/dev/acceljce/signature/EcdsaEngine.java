package dev.acceljce.signature;

import dev.acceljce.keys.AccelKey;
import java.security.InvalidKeyException;
import java.security.SignatureException;

/**
 * ECDSA over a digest on one key, on one native library: what {@link EcdsaSignature} forwards its
 * native work to once it has hashed the message and checked the signature's encoding. One
 * implementation per library (OpenSSL's over the EVP_PKEY_CTX that {@link DigestThenSign} keeps,
 * {@link AwsLcEcdsa}); a library is chosen per object at creation ({@code control/Dispatch.engine}).
 * Signatures cross this interface in DER.
 */
interface EcdsaEngine {
    /**
     * Prepares for {@code key} (an EC key on one of {@code keys.Curves}); {@code sameKey} when it
     * is the previous one in the same mode. Throws before any state changes, so the previous key
     * still works after a refusal.
     */
    void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException;

    /** The DER signature of {@code digest[0, length)}. */
    byte[] sign(AccelKey key, byte[] digest, int length) throws SignatureException;

    /** Whether {@code der} (strict DER, checked by the caller) signs {@code digest[0, length)}. */
    boolean verify(AccelKey key, byte[] der, byte[] digest, int length) throws SignatureException;

    /** Forgets the key (destroyed): never throws. */
    void releaseKey();
}
