package dev.acceljce.signature;

import dev.acceljce.awslc.EcKey;
import dev.acceljce.keys.AccelEcPrivateKey;
import dev.acceljce.keys.AccelEcPublicKey;
import dev.acceljce.keys.AccelKey;
import java.security.InvalidKeyException;
import java.security.SignatureException;
import java.util.Arrays;

/**
 * ECDSA on AWS-LC: {@code ECDSA_sign}/{@code ECDSA_verify} on an {@code EC_KEY}, one critical
 * downcall per signature. The EC_KEY belongs to the key ({@code AccelEcPrivateKey.awsLcKey},
 * {@code AccelEcPublicKey.awsLcKey}): made once per key from its raw parts (a private key's
 * scalar, a public key's point) or at generation on AWS-LC, and kept there, so that a TLS server's
 * new Signature per handshake makes nothing. This object only refers to it; the private key frees
 * it when destroyed, a public key's Cleaner with the key.
 */
final class AwsLcEcdsa implements EcdsaEngine {
    /** The current key in AWS-LC's form; null before init and after the key was destroyed. */
    private volatile EcKey ecKey;
    /** The private key {@link #ecKey} belongs to, or null: checked after each signature. */
    private volatile AccelEcPrivateKey signingKey;

    private boolean signing;

    @Override
    public void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
        if (sameKey && ecKey != null && this.signing == signing) {
            return;
        }
        if (key instanceof AccelEcPrivateKey priv) {
            ecKey = priv.awsLcKey();
            signingKey = priv;
        } else if (key instanceof AccelEcPublicKey pub) {
            ecKey = pub.awsLcKey();
            signingKey = null;
        } else {
            throw new InvalidKeyException(
                    "not an EC key of AccelJCE: " + key.getClass().getName());
        }
        this.signing = signing;
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
        ecKey = null; // the key frees its EC_KEY itself
        signingKey = null;
    }
}
