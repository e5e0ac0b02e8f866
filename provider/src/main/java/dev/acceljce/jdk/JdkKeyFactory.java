package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyFactorySpi;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;

/** The JDK path of a KeyFactory service. */
public final class JdkKeyFactory extends KeyFactorySpi implements Counted {
    private Counters.Tally tally = Counters.Tally.NONE;
    private final KeyFactory kf;

    public JdkKeyFactory(String algorithm) throws NoSuchAlgorithmException {
        this.kf = KeyFactory.getInstance(algorithm, JdkProviders.forService("KeyFactory", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected PublicKey engineGeneratePublic(KeySpec keySpec) throws InvalidKeySpecException {
        PublicKey key = kf.generatePublic(keySpec);
        tally.count(0);
        return key;
    }

    @Override
    protected PrivateKey engineGeneratePrivate(KeySpec keySpec) throws InvalidKeySpecException {
        PrivateKey key = kf.generatePrivate(keySpec);
        tally.count(0);
        return key;
    }

    @Override
    protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> keySpec) throws InvalidKeySpecException {
        return kf.getKeySpec(key, keySpec);
    }

    @Override
    protected Key engineTranslateKey(Key key) throws InvalidKeyException {
        return kf.translateKey(key);
    }
}
