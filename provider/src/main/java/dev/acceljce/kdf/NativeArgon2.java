package dev.acceljce.kdf;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KDFParameters;
import javax.crypto.KDFSpi;
import javax.crypto.SecretKey;

/**
 * Argon2id / Argon2i / Argon2d as a {@code javax.crypto.KDF}: {@code deriveData} and
 * {@code deriveKey} take an {@link dev.acceljce.spec.Argon2ParameterSpec} (or Bouncy Castle's
 * Argon2KeySpec). Stateless: each derivation has its own OpenSSL context.
 */
final class NativeArgon2 extends KDFSpi implements Counted {
    private final Argon2.Variant variant;
    private Counters.Tally tally = Counters.Tally.NONE;

    NativeArgon2(KDFParameters parameters, Argon2.Variant variant) throws InvalidAlgorithmParameterException {
        super(parameters);
        if (parameters != null) {
            throw new InvalidAlgorithmParameterException(variant.jcaName + " does not support parameters");
        }
        this.variant = variant;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected KDFParameters engineGetParameters() {
        return null;
    }

    @Override
    protected SecretKey engineDeriveKey(String alg, AlgorithmParameterSpec spec)
            throws InvalidAlgorithmParameterException, NoSuchAlgorithmException {
        KeyMaterial.checkKeyAlgorithm(alg);
        return KeyMaterial.derivedKey(alg, engineDeriveData(spec));
    }

    @Override
    protected byte[] engineDeriveData(AlgorithmParameterSpec spec) throws InvalidAlgorithmParameterException {
        Argon2.Inputs in = Argon2.inputs(variant, spec);
        try {
            byte[] out = Argon2.derive(variant, in);
            tally.count(out.length);
            return out;
        } finally {
            in.wipe();
        }
    }
}
