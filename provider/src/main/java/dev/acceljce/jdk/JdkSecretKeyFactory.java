package dev.acceljce.jdk;

import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.SecretKeyFactorySpi;

/** The JDK path of a SecretKeyFactory service. */
public final class JdkSecretKeyFactory extends SecretKeyFactorySpi {
    private final SecretKeyFactory factory;

    public JdkSecretKeyFactory(String algorithm) throws NoSuchAlgorithmException {
        this.factory = SecretKeyFactory.getInstance(algorithm,
                JdkProviders.forService("SecretKeyFactory", algorithm));
    }

    @Override
    protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
        return factory.generateSecret(keySpec);
    }

    @Override
    protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
        return factory.getKeySpec(key, keySpec);
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
        return factory.translateKey(key);
    }
}
