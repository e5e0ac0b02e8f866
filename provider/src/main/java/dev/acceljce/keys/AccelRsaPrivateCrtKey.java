package dev.acceljce.keys;

import dev.acceljce.awslc.RsaKey;
import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.AlgorithmParameterSpec;

/** An RSA private key with its CRT components (rsaEncryption), held natively. */
public final class AccelRsaPrivateCrtKey extends AccelPrivateKey implements RSAPrivateCrtKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelRsaPrivateCrtKey(EvpPkey.Key key) {
        super(KeyKind.RSA, key);
    }

    /** AWS-LC's form of this key, made on first need; null before that and after destroy. */
    private transient volatile RsaKey awsLc;
    /** Set when AWS-LC refused this key (it is then served on OpenSSL): asked once per key. */
    private transient volatile boolean awsLcRefuses;

    /**
     * The key as AWS-LC's RSA, made from its CRT components the first time and kept on the key
     * (freed by destroy); null when AWS-LC does not take this key (a public exponent over 33 bits,
     * components it finds inconsistent): the caller serves it on OpenSSL. Callers never free it.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    public RsaKey awsLcKey() throws InvalidKeyException {
        RsaKey k = awsLc;
        if (k != null || awsLcRefuses) {
            return k;
        }
        return whileLive(() -> {
            if (awsLc == null && !awsLcRefuses) {
                String[] names = {
                    "n", "e", "d", "rsa-factor1", "rsa-factor2", "rsa-exponent1", "rsa-exponent2", "rsa-coefficient1"
                };
                byte[][] c = new byte[names.length][];
                try {
                    for (int i = 0; i < names.length; i++) {
                        c[i] = bnParam(names[i]);
                    }
                    awsLc = RsaKey.privateKey(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
                    awsLcRefuses = awsLc == null;
                } finally {
                    for (byte[] b : c) {
                        if (b != null) {
                            java.util.Arrays.fill(b, (byte) 0);
                        }
                    }
                }
            }
            return awsLc;
        });
    }

    @Override
    void destroyOtherForms() {
        RsaKey k = awsLc;
        awsLc = null;
        if (k != null) {
            k.release(); // frees now unless a call runs on it: then its Cleaner does
        }
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
