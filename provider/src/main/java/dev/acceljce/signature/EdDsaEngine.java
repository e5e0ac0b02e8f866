package dev.acceljce.signature;

import dev.acceljce.keys.AccelKey;
import java.security.InvalidKeyException;
import java.security.SignatureException;

/**
 * Pure EdDSA on one key, on one native library: what {@link EdDsaSignature} forwards its native
 * work to once it has checked the key, the parameters and the JCA contract. One implementation per
 * library ({@link OpenSslEdDsa}, {@link AwsLcEd25519}); a library is chosen per object at creation
 * ({@code control/Dispatch.engine}), and a key it cannot take (Ed448 on AWS-LC) goes to OpenSSL's.
 */
interface EdDsaEngine {
    /** Whether this library takes keys of this kind. */
    boolean takes(AccelKey key);

    /**
     * Prepares for {@code key}; {@code sameKey} when it is the previous one. Throws before any
     * state changes, so the previous key still works after a refusal.
     */
    void init(AccelKey key, boolean sameKey) throws InvalidKeyException;

    byte[] sign(byte[] message, int length) throws SignatureException;

    /** {@code signature} has the curve's signature length (checked by the caller). */
    boolean verify(byte[] signature, byte[] message, int length) throws SignatureException;

    /** Forgets the key (destroyed): never throws. */
    void releaseKey();
}
