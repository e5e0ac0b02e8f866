package dev.acceljce.signature;

import dev.acceljce.awslc.AwsLcException;
import dev.acceljce.awslc.EcKey;
import dev.acceljce.keys.AccelEcPrivateKey;
import dev.acceljce.keys.AccelEcPublicKey;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.Curves;
import java.security.InvalidKeyException;
import java.security.SignatureException;
import java.util.Arrays;

/**
 * ECDSA on AWS-LC: {@code ECDSA_sign}/{@code ECDSA_verify} on an {@code EC_KEY}, one critical
 * downcall per signature. The key crosses from its OpenSSL-held form as raw bytes: a private key's
 * scalar, read once and cached on the key ({@code AccelEcPrivateKey.cachedScalar}, wiped by
 * destroy); a public key's point, read from its encoding. The EC_KEY is made at init and kept
 * while this object keeps the key (a repeated sign or verify makes nothing); it is freed when the
 * key changes, when the key is destroyed, or by its Cleaner with this object.
 */
final class AwsLcEcdsa implements EcdsaEngine {
    /** The current key in AWS-LC's form; null before init and after the key was destroyed. */
    private volatile EcKey ecKey;
    /** The private key {@link #ecKey} was made from, or null: checked after each signature. */
    private volatile AccelEcPrivateKey signingKey;

    private boolean signing;

    @Override
    public void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
        if (sameKey && ecKey != null && this.signing == signing) {
            return;
        }
        EcKey made;
        AccelEcPrivateKey owner = null;
        try {
            if (key instanceof AccelEcPrivateKey priv) {
                made = EcKey.privateKey(group(priv.curve()), priv.cachedScalar());
                owner = priv;
            } else if (key instanceof AccelEcPublicKey pub) {
                made = EcKey.publicKey(group(pub.curve()), pub.point());
                if (made == null) {
                    throw new InvalidKeyException("AWS-LC refuses the EC public point");
                }
            } else {
                throw new InvalidKeyException(
                        "not an EC key of AccelJCE: " + key.getClass().getName());
            }
        } catch (AwsLcException | IllegalStateException e) {
            // a scalar AWS-LC refuses, or a key destroyed meanwhile (its getters throw)
            throw new InvalidKeyException("AWS-LC cannot use this EC key: " + e.getMessage(), e);
        }
        EcKey old = ecKey;
        ecKey = made;
        signingKey = owner;
        this.signing = signing;
        if (old != null) {
            old.release();
        }
    }

    private static EcKey.Group group(Curves curve) {
        return switch (curve) {
            case P256 -> EcKey.Group.P256;
            case P384 -> EcKey.Group.P384;
            case P521 -> EcKey.Group.P521;
        };
    }

    @Override
    public byte[] sign(AccelKey key, byte[] digest, int length) throws SignatureException {
        // read once: the key's destroy() on another thread clears the fields (releaseKey)
        EcKey k = ecKey;
        AccelEcPrivateKey owner = signingKey;
        if (k == null || owner == null) {
            throw new SignatureException(owner == null ? "not initialized for signing" : "the key was destroyed");
        }
        byte[] der = k.sign(digest, length);
        if (owner.isDestroyed()) {
            Arrays.fill(der, (byte) 0);
            throw new SignatureException("the key was destroyed");
        }
        return der;
    }

    @Override
    public boolean verify(AccelKey key, byte[] der, byte[] digest, int length) throws SignatureException {
        EcKey k = ecKey;
        if (k == null || signing) {
            throw new SignatureException("not initialized for verification");
        }
        return k.verify(digest, length, der);
    }

    @Override
    public void releaseKey() {
        EcKey k = ecKey;
        ecKey = null;
        signingKey = null;
        if (k != null) {
            k.release(); // frees now unless a call runs on it: then its Cleaner does
        }
    }
}
