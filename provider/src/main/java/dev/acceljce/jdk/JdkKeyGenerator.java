package dev.acceljce.jdk;

import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyGenerator;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;

/** The JDK path of a KeyGenerator service. */
public final class JdkKeyGenerator extends KeyGeneratorSpi {
    private final KeyGenerator kg;

    public JdkKeyGenerator(String algorithm) throws NoSuchAlgorithmException {
        this.kg = KeyGenerator.getInstance(algorithm, JdkProviders.forService("KeyGenerator", algorithm));
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
        return kg.generateKey();
    }
}
