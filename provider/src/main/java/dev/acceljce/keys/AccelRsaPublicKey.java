package dev.acceljce.keys;

import java.io.Serial;
import java.math.BigInteger;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.AlgorithmParameterSpec;

import dev.acceljce.openssl.EvpPkey;

/** An RSA public key (rsaEncryption), held natively. */
public final class AccelRsaPublicKey extends AccelPublicKey implements RSAPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelRsaPublicKey(EvpPkey.Key key, byte[] encoded) {
        super(KeyKind.RSA, key, encoded);
    }

    @Override
    public BigInteger getModulus() {
        return ((RSAPublicKey) view()).getModulus();
    }

    @Override
    public BigInteger getPublicExponent() {
        return ((RSAPublicKey) view()).getPublicExponent();
    }

    @Override
    public AlgorithmParameterSpec getParams() {
        return null;
    }
}
