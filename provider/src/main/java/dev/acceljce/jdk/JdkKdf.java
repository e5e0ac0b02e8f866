package dev.acceljce.jdk;

import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KDF;
import javax.crypto.KDFParameters;
import javax.crypto.KDFSpi;
import javax.crypto.SecretKey;

/** The JDK path of a KDF service. */
public final class JdkKdf extends KDFSpi {
    private final KDF kdf;

    /** Throws what the JDK's provider throws for parameters it does not support. */
    public JdkKdf(String algorithm, KDFParameters parameters)
            throws NoSuchAlgorithmException, InvalidAlgorithmParameterException {
        super(parameters);
        this.kdf = KDF.getInstance(algorithm, parameters, JdkProviders.forService("KDF", algorithm));
    }

    @Override
    protected KDFParameters engineGetParameters() {
        return kdf.getParameters();
    }

    @Override
    protected SecretKey engineDeriveKey(String alg, AlgorithmParameterSpec derivationSpec)
            throws InvalidAlgorithmParameterException, NoSuchAlgorithmException {
        try {
            return kdf.deriveKey(alg, derivationSpec);
        } catch (InvalidAlgorithmParameterException e) {
            throw unwrapped(e);
        }
    }

    @Override
    protected byte[] engineDeriveData(AlgorithmParameterSpec derivationSpec)
            throws InvalidAlgorithmParameterException {
        try {
            return kdf.deriveData(derivationSpec);
        } catch (InvalidAlgorithmParameterException e) {
            throw unwrapped(e);
        }
    }

    /** The JDK provider's own exception: KDF wraps it once, and the caller's KDF wraps it again. */
    private static InvalidAlgorithmParameterException unwrapped(InvalidAlgorithmParameterException e) {
        return e.getCause() instanceof InvalidAlgorithmParameterException inner ? inner : e;
    }
}
