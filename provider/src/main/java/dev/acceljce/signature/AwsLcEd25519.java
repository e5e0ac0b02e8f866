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
    private byte[] privateKey;
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
            publicKey = null;
        } else if (!(key instanceof PrivateKey)) {
            byte[] spki = key.getEncoded(); // X.509: the raw key is its last 32 bytes
            publicKey = Arrays.copyOfRange(spki, spki.length - Curve25519.ED25519_PUBLIC, spki.length);
            privateKey = null;
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
        if (privateKey == null) {
            throw new SignatureException("not initialized for signing");
        }
        return Curve25519.ed25519Sign(MemorySegment.ofArray(message).asSlice(0, length), privateKey);
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
