package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;

/** The JDK path of a SecureRandom service. */
public final class JdkSecureRandom extends SecureRandomSpi implements Counted {
    private final SecureRandom random;
    private Counters.Tally tally = Counters.Tally.NONE;

    public JdkSecureRandom(String algorithm, SecureRandomParameters params) throws NoSuchAlgorithmException {
        super(params);
        var provider = JdkProviders.forService("SecureRandom", algorithm);
        this.random = params == null
                ? SecureRandom.getInstance(algorithm, provider)
                : SecureRandom.getInstance(algorithm, params, provider);
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected void engineSetSeed(byte[] seed) {
        random.setSeed(seed);
    }

    @Override
    protected void engineNextBytes(byte[] bytes) {
        random.nextBytes(bytes);
        tally.countShared(bytes.length);
    }

    @Override
    protected void engineNextBytes(byte[] bytes, SecureRandomParameters params) {
        random.nextBytes(bytes, params);
        tally.countShared(bytes.length);
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
