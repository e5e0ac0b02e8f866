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
    /**
     * A private-key spec the JDK's KeyFactory refused, rewritten into a form it reads, or null
     * when there is none. For encodings the native path reads and the JDK's provider does not
     * (ML-KEM and ML-DSA seed-only PKCS#8 on JDK 25): the JDK path then gives the native path's
     * answer instead of its own refusal.
     */
    @FunctionalInterface
    public interface Rewrite {
        KeySpec readable(KeySpec refused);
    }

    private Counters.Tally tally = Counters.Tally.NONE;
    private final KeyFactory kf;
    private final Rewrite rewrite;

    public JdkKeyFactory(String algorithm) throws NoSuchAlgorithmException {
        this(algorithm, refused -> null);
    }

    public JdkKeyFactory(String algorithm, Rewrite rewrite) throws NoSuchAlgorithmException {
        this.kf = KeyFactory.getInstance(algorithm, JdkProviders.forService("KeyFactory", algorithm));
        this.rewrite = rewrite;
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
        PrivateKey key;
        try {
            key = kf.generatePrivate(keySpec);
        } catch (InvalidKeySpecException refused) {
            KeySpec readable = rewrite.readable(keySpec);
            if (readable == null) {
                throw refused;
            }
            key = kf.generatePrivate(readable);
        }
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
