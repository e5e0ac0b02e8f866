package dev.acceljce.keygen;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.openssl.Rand;
import java.security.InvalidAlgorithmParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * A secret-key generator whose bytes come from OpenSSL's private DRBG (RAND_priv_bytes), unless
 * the caller handed a SecureRandom to {@code init}: then that one is used, as the JCA contract
 * says. ({@link javax.crypto.KeyGenerator#init(int)} itself passes the JDK's default
 * SecureRandom, which is the first provider's: AccelJCE's DRBG when AccelJCE is installed first.)
 */
public final class NativeKeyGenerator extends KeyGeneratorSpi implements Counted {
    private Counters.Tally tally = Counters.Tally.NONE;

    private final String algorithm;
    private final KeySizeRule rule;
    private final int defaultBytes;
    private final String parametersRefused;
    private int bytes;
    private SecureRandom random;

    /**
     * @param parametersRefused the message of the JDK's InvalidAlgorithmParameterException for
     *                          {@code init(AlgorithmParameterSpec)}
     */
    NativeKeyGenerator(String algorithm, KeySizeRule rule, int defaultBytes, String parametersRefused) {
        this.algorithm = algorithm;
        this.rule = rule;
        this.defaultBytes = defaultBytes;
        this.parametersRefused = parametersRefused;
        this.bytes = defaultBytes;
    }

    @Override
    protected void engineInit(SecureRandom random) {
        if (rule.randomOnlyInitResetsSize()) {
            bytes = defaultBytes;
        }
        this.random = random;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(parametersRefused);
    }

    @Override
    protected void engineInit(int keysize, SecureRandom random) {
        bytes = rule.bytesFor(keysize);
        this.random = random;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected SecretKey engineGenerateKey() {
        byte[] key = new byte[bytes];
        try {
            if (random == null) {
                Rand.privateBytes(key, 0, key.length);
            } else {
                random.nextBytes(key);
            }
            tally.count(key.length);
            return new SecretKeySpec(key, algorithm);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }
}
