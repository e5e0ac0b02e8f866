package dev.acceljce.signature;

import dev.acceljce.awslc.RsaKey;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.AccelRsaPrivateCrtKey;
import dev.acceljce.keys.AccelRsaPublicKey;
import java.security.InvalidKeyException;
import java.security.SignatureException;
import java.util.function.Function;

/**
 * The current key of an RSA Signature object in AWS-LC's form, for {@link RsaPkcs1Signature} and
 * {@link RsaPssSignature}. The {@link RsaKey} belongs to the key (made once per key, freed by the
 * private key's destroy or the public key's Cleaner); this only refers to it, and forgets it when
 * the key is destroyed. A signature is checked after the AWS-LC call: one made while the key was
 * being destroyed is never returned.
 */
final class AwsLcRsaKey {
    /** The current key's AWS-LC form; null when AWS-LC does not serve it, and after a destroy. */
    private volatile RsaKey form;
    /** The private key {@link #form} belongs to when signing; null when verifying. */
    private volatile AccelRsaPrivateCrtKey signingKey;

    /**
     * Takes {@code key} as the current one: its AWS-LC form, or null (kept as such) when AWS-LC
     * does not take it (a public exponent over 33 bits, inconsistent components).
     */
    RsaKey use(AccelKey key, boolean signing) throws InvalidKeyException {
        RsaKey k = key instanceof AccelRsaPrivateCrtKey priv
                ? priv.awsLcKey()
                : key instanceof AccelRsaPublicKey pub ? pub.awsLcKey() : null;
        form = k;
        signingKey = k != null && signing ? (AccelRsaPrivateCrtKey) key : null;
        return k;
    }

    /** The current key's AWS-LC form, or null. */
    RsaKey current() {
        return form;
    }

    /** A signature by {@code sign} with the current private key's form (which the caller found non-null). */
    byte[] sign(Function<RsaKey, byte[]> sign) throws SignatureException {
        // read once: the key's destroy() on another thread clears the fields (forget)
        RsaKey k = form;
        AccelRsaPrivateCrtKey owner = signingKey;
        if (k == null || owner == null) {
            throw new SignatureException("the key was destroyed");
        }
        byte[] sig = sign.apply(k);
        if (owner.isDestroyed()) {
            throw new SignatureException("the key was destroyed");
        }
        return sig;
    }

    /** Forgets the key (destroyed): never throws. */
    void forget() {
        form = null;
        signingKey = null;
    }
}
