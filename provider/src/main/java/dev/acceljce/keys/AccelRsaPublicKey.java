package dev.acceljce.keys;

import dev.acceljce.awslc.RsaKey;
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

    /** AWS-LC's form of this key, made on first need; freed by its Cleaner with the key. */
    private transient volatile RsaKey awsLc;
    /** Set when AWS-LC refused this key (it is then served on OpenSSL): asked once per key. */
    private transient volatile boolean awsLcRefuses;

    /**
     * The key as AWS-LC's RSA, made from the modulus and exponent the first time and kept on the
     * key; null when AWS-LC does not take it (a public exponent over 33 bits, an even modulus, a
     * modulus over 16384 bits): the caller serves it on OpenSSL. Callers never free it.
     */
    public RsaKey awsLcKey() {
        RsaKey k = awsLc;
        return k != null || awsLcRefuses ? k : madeOnAwsLc();
    }

    private synchronized RsaKey madeOnAwsLc() {
        if (awsLc == null && !awsLcRefuses) {
            awsLc = RsaKey.publicKey(
                    getModulus().toByteArray(), getPublicExponent().toByteArray());
            awsLcRefuses = awsLc == null;
        }
        return awsLc;
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
