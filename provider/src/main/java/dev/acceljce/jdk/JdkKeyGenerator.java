package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyGenerator;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;

/** The JDK path of a KeyGenerator service. */
public final class JdkKeyGenerator extends KeyGeneratorSpi implements Counted {
    private final KeyGenerator kg;
    private Counters.Tally tally = Counters.Tally.NONE;

    public JdkKeyGenerator(String algorithm) throws NoSuchAlgorithmException {
        this.kg = KeyGenerator.getInstance(algorithm, JdkProviders.forService("KeyGenerator", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected void engineInit(SecureRandom random) {
        kg.init(random);
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        kg.init(params, random);
    }

    @Override
    protected void engineInit(int keysize, SecureRandom random) {
        kg.init(keysize, random);
    }

    @Override
    protected SecretKey engineGenerateKey() {
        SecretKey key = kg.generateKey();
        tally.count(0);
        return key;
    }
}
