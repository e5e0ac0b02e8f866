package dev.acceljce.kdf;

import static dev.acceljce.kdf.KeyMaterial.wipe;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.SecretKeySpec;

/**
 * Argon2id / Argon2i / Argon2d as a {@code SecretKeyFactory}: {@code generateSecret} takes an
 * {@link dev.acceljce.spec.Argon2ParameterSpec} (or Bouncy Castle's Argon2KeySpec) and returns the
 * tag as a RAW key of the factory's algorithm. The key cannot be turned back into the spec (the
 * password is not kept).
 */
final class Argon2SecretKeyFactory extends SecretKeyFactorySpi implements Counted {
    private final Argon2.Variant variant;
    private Counters.Tally tally = Counters.Tally.NONE;

    Argon2SecretKeyFactory(Argon2.Variant variant) {
        this.variant = variant;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
        Argon2.Inputs in;
        try {
            in = Argon2.inputs(variant, keySpec);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeySpecException(e.getMessage(), e);
        }
        byte[] out = null;
        try {
            out = Argon2.derive(variant, in);
            tally.count(out.length);
            return new SecretKeySpec(out, variant.jcaName);
        } finally {
            in.wipe();
            if (out != null) {
                wipe(out);
            }
        }
    }

    @Override
    protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
        throw new InvalidKeySpecException(variant.jcaName + " keys do not keep their derivation inputs");
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
        if (key == null
                || !variant.jcaName.equalsIgnoreCase(key.getAlgorithm())
                || !"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("Only " + variant.jcaName + " keys in RAW format are accepted");
        }
        byte[] b = key.getEncoded();
        if (b == null) {
            throw new InvalidKeyException("Missing key data");
        }
        try {
            return new SecretKeySpec(b, variant.jcaName);
        } finally {
            wipe(b);
        }
    }
}
