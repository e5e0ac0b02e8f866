package dev.acceljce.keys;

import java.io.Serial;
import java.math.BigInteger;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.AlgorithmParameterSpec;

import dev.acceljce.openssl.EvpPkey;

/** An RSA private key with its CRT components (rsaEncryption), held natively. */
public final class AccelRsaPrivateCrtKey extends AccelPrivateKey implements RSAPrivateCrtKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelRsaPrivateCrtKey(EvpPkey.Key key) {
        super(KeyKind.RSA, key);
    }

    @Override
    public BigInteger getModulus() {
        return component("n");
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
