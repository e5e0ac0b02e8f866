package dev.acceljce.jdk;

import java.security.InvalidAlgorithmParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;

/** The JDK path of a KeyPairGenerator service. */
public final class JdkKeyPairGenerator extends KeyPairGeneratorSpi {
    private final KeyPairGenerator kpg;

    public JdkKeyPairGenerator(String algorithm) throws NoSuchAlgorithmException {
        this.kpg = KeyPairGenerator.getInstance(algorithm, JdkProviders.forService("KeyPairGenerator", algorithm));
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
        return kpg.generateKeyPair();
    }
}
