package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KDF;
import javax.crypto.KDFParameters;
import javax.crypto.KDFSpi;
import javax.crypto.SecretKey;

/** The JDK path of a KDF service. */
public final class JdkKdf extends KDFSpi implements Counted {
    private final KDF kdf;
    private Counters.Tally tally = Counters.Tally.NONE;

    /** Throws what the JDK's provider throws for parameters it does not support. */
    public JdkKdf(String algorithm, KDFParameters parameters)
            throws NoSuchAlgorithmException, InvalidAlgorithmParameterException {
        super(parameters);
        this.kdf = KDF.getInstance(algorithm, parameters, JdkProviders.forService("KDF", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected KDFParameters engineGetParameters() {
        return kdf.getParameters();
    }

    @Override
    protected SecretKey engineDeriveKey(String alg, AlgorithmParameterSpec derivationSpec)
            throws InvalidAlgorithmParameterException, NoSuchAlgorithmException {
        try {
            SecretKey key = kdf.deriveKey(alg, derivationSpec);
            byte[] encoded = key.getEncoded();
            tally.count(encoded == null ? 0 : encoded.length);
            if (encoded != null) {
                java.util.Arrays.fill(encoded, (byte) 0);
            }
            return key;
        } catch (InvalidAlgorithmParameterException e) {
            throw unwrapped(e);
        }
    }

    @Override
    protected byte[] engineDeriveData(AlgorithmParameterSpec derivationSpec) throws InvalidAlgorithmParameterException {
        try {
            byte[] out = kdf.deriveData(derivationSpec);
            tally.count(out.length);
            return out;
        } catch (InvalidAlgorithmParameterException e) {
            throw unwrapped(e);
        }
    }

    /** The JDK provider's own exception: KDF wraps it once, and the caller's KDF wraps it again. */
    private static InvalidAlgorithmParameterException unwrapped(InvalidAlgorithmParameterException e) {
        return e.getCause() instanceof InvalidAlgorithmParameterException inner ? inner : e;
    }
}
