package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.math.BigInteger;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.AlgorithmParameterSpec;

/** An RSA private key with its CRT components (rsaEncryption), held natively. */
public final class AccelRsaPrivateCrtKey extends AccelPrivateKey implements RSAPrivateCrtKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelRsaPrivateCrtKey(EvpPkey.Key key) {
        super(KeyKind.RSA, key);
    }

    /** The modulus (public), read once: SunJSSE asks for it on every handshake to check the key's size. */
    private transient volatile BigInteger modulus;

    @Override
    public BigInteger getModulus() {
        BigInteger n = modulus;
        if (n == null || isDestroyed()) {
            n = component("n"); // refuses a destroyed key, as every component does
            modulus = n;
        }
        return n;
    }

    @Override
    public BigInteger getPublicExponent() {
        return component("e");
    }

    @Override
    public BigInteger getPrivateExponent() {
        return component("d");
    }

    @Override
    public BigInteger getPrimeP() {
        return component("rsa-factor1");
    }

    @Override
    public BigInteger getPrimeQ() {
        return component("rsa-factor2");
    }

    @Override
    public BigInteger getPrimeExponentP() {
        return component("rsa-exponent1");
    }

    @Override
    public BigInteger getPrimeExponentQ() {
        return component("rsa-exponent2");
    }

    @Override
    public BigInteger getCrtCoefficient() {
        return component("rsa-coefficient1");
    }

    @Override
    public AlgorithmParameterSpec getParams() {
        return null;
    }
}
