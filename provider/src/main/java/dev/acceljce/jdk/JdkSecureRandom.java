package dev.acceljce.jdk;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;

/** The JDK path of a SecureRandom service. */
public final class JdkSecureRandom extends SecureRandomSpi {
    private final SecureRandom random;

    public JdkSecureRandom(String algorithm, SecureRandomParameters params) throws NoSuchAlgorithmException {
        super(params);
        var provider = JdkProviders.forService("SecureRandom", algorithm);
        this.random = params == null
                ? SecureRandom.getInstance(algorithm, provider)
                : SecureRandom.getInstance(algorithm, params, provider);
    }

    @Override
    protected void engineSetSeed(byte[] seed) {
        random.setSeed(seed);
    }

    @Override
    protected void engineNextBytes(byte[] bytes) {
        random.nextBytes(bytes);
    }

    @Override
    protected void engineNextBytes(byte[] bytes, SecureRandomParameters params) {
        random.nextBytes(bytes, params);
    }

    @Override
    protected byte[] engineGenerateSeed(int numBytes) {
        return random.generateSeed(numBytes);
    }

    @Override
    protected void engineReseed(SecureRandomParameters params) {
        random.reseed(params);
    }

    @Override
    protected SecureRandomParameters engineGetParameters() {
        return random.getParameters();
    }
}
