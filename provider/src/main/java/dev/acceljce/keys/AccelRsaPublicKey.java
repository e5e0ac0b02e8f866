package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.math.BigInteger;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.AlgorithmParameterSpec;

/** An RSA public key (rsaEncryption), held natively. */
public final class AccelRsaPublicKey extends AccelPublicKey implements RSAPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelRsaPublicKey(EvpPkey.Key key, byte[] encoded) {
        super(KeyKind.RSA, key, encoded);
    }

    @Override
    public BigInteger getModulus() {
        return view() instanceof RSAPublicKey jdk ? jdk.getModulus() : component("n");
    }

    @Override
    public BigInteger getPublicExponent() {
        return view() instanceof RSAPublicKey jdk ? jdk.getPublicExponent() : component("e");
    }

    private BigInteger component(String name) {
        return new BigInteger(1, nativeKey().bnParam(name));
    }

    @Override
    public AlgorithmParameterSpec getParams() {
        return null;
    }
}
