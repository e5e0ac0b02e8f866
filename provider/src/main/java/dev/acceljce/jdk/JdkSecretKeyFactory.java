package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.SecretKeyFactorySpi;

/** The JDK path of a SecretKeyFactory service. */
public final class JdkSecretKeyFactory extends SecretKeyFactorySpi implements Counted {
    private final SecretKeyFactory factory;
    private Counters.Tally tally = Counters.Tally.NONE;

    public JdkSecretKeyFactory(String algorithm) throws NoSuchAlgorithmException {
        this.factory = SecretKeyFactory.getInstance(algorithm, JdkProviders.forService("SecretKeyFactory", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
        SecretKey key = factory.generateSecret(keySpec);
        tally.count(keySpec instanceof javax.crypto.spec.PBEKeySpec pbe ? pbe.getKeyLength() / 8 : 0);
        return key;
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
