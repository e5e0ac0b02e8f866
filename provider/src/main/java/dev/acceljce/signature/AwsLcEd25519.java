package dev.acceljce.signature;

import dev.acceljce.awslc.Curve25519;
import dev.acceljce.keys.AccelEdEcPrivateKey;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import java.lang.foreign.MemorySegment;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.SignatureException;
import java.util.Arrays;

/**
 * Ed25519 on AWS-LC: ED25519_sign / ED25519_verify, one critical downcall on the message array.
 * The key crosses from its OpenSSL-held form as raw bytes: a private key's seed, expanded once by
 * AWS-LC into its 64-byte form and cached on the key ({@code AccelEdEcPrivateKey.cachedFromRaw},
 * wiped by destroy); a public key's 32 bytes, read from its encoding at init.
 */
final class AwsLcEd25519 implements EdDsaEngine {
    /** The private key's AWS-LC form (shared with the key's cache: never written here), or null. */
    private volatile byte[] privateKey;
    /** The key {@link #privateKey} belongs to, or null: checked after each signature. */
    private volatile AccelEdEcPrivateKey signingKey;
    /** The public key's raw bytes, or null. */
    private byte[] publicKey;

    @Override
    public boolean takes(AccelKey key) {
        return key.kind() == KeyKind.ED25519;
    }

    @Override
    public void init(AccelKey key, boolean sameKey) throws InvalidKeyException {
        if (sameKey && (privateKey != null || publicKey != null)) {
            return;
        }
        if (key instanceof AccelEdEcPrivateKey priv) {
            privateKey = priv.cachedFromRaw(AwsLcEd25519::expand);
            signingKey = priv;
            publicKey = null;
        } else if (!(key instanceof PrivateKey)) {
            byte[] spki = key.getEncoded(); // X.509: the raw key is its last 32 bytes
            publicKey = Arrays.copyOfRange(spki, spki.length - Curve25519.ED25519_PUBLIC, spki.length);
            privateKey = null;
            signingKey = null;
        } else {
            throw new InvalidKeyException(
                    "not an Ed25519 key of AccelJCE: " + key.getClass().getName());
        }
    }

    /** AWS-LC's 64-byte private key (seed || public key) of an RFC 8032 seed. */
    private static byte[] expand(byte[] seed) {
        byte[] pub = new byte[Curve25519.ED25519_PUBLIC];
        byte[] priv = new byte[Curve25519.ED25519_PRIVATE];
        Curve25519.ed25519KeyPairFromSeed(seed, pub, priv);
        return priv;
    }

    @Override
    public byte[] sign(byte[] message, int length) throws SignatureException {
        // read once: the key's destroy() on another thread clears the field (releaseKey) and
        // wipes the shared array, possibly during the call
        byte[] k = privateKey;
        AccelEdEcPrivateKey owner = signingKey;
        if (k == null || owner == null) {
            throw new SignatureException(owner == null ? "not initialized for signing" : "the key was destroyed");
        }
        byte[] signature = Curve25519.ed25519Sign(MemorySegment.ofArray(message).asSlice(0, length), k);
        // destroy() closes the key before it wipes the array: a signature made from wiped bytes
        // is always followed by a destroyed key here, and is not released
        if (owner.isDestroyed()) {
            Arrays.fill(signature, (byte) 0);
            throw new SignatureException("the key was destroyed");
        }
        return signature;
    }

    @Override
    public boolean verify(byte[] signature, byte[] message, int length) throws SignatureException {
        if (publicKey == null) {
            throw new SignatureException("not initialized for verification");
        }
        return Curve25519.ed25519Verify(MemorySegment.ofArray(message).asSlice(0, length), signature, publicKey);
    }

    @Override
    public void releaseKey() {
        privateKey = null; // the key's destroy() wipes the shared array
        publicKey = null;
    }
}
