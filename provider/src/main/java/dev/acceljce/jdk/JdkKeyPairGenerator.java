package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;

/** The JDK path of a KeyPairGenerator service. */
public final class JdkKeyPairGenerator extends KeyPairGeneratorSpi implements Counted {
    private final KeyPairGenerator kpg;
    private Counters.Tally tally = Counters.Tally.NONE;

    public JdkKeyPairGenerator(String algorithm) throws NoSuchAlgorithmException {
        this.kpg = KeyPairGenerator.getInstance(algorithm, JdkProviders.forService("KeyPairGenerator", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    public void initialize(int keysize, SecureRandom random) {
        kpg.initialize(keysize, random);
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        kpg.initialize(params, random);
    }

    @Override
    public KeyPair generateKeyPair() {
        KeyPair pair = kpg.generateKeyPair();
        tally.count(0);
        return pair;
    }
}
