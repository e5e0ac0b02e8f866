package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;

/** The JDK path of a KeyAgreement service. */
public final class JdkKeyAgreement extends KeyAgreementSpi implements Counted {
    private final KeyAgreement agreement;
    private Counters.Tally tally = Counters.Tally.NONE;

    public JdkKeyAgreement(String algorithm) throws NoSuchAlgorithmException {
        this.agreement = KeyAgreement.getInstance(algorithm, JdkProviders.forService("KeyAgreement", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
        agreement.init(key, random);
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        agreement.init(key, params, random);
    }

    @Override
    protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
        return agreement.doPhase(key, lastPhase);
    }

    @Override
    protected byte[] engineGenerateSecret() {
        byte[] out = agreement.generateSecret();
        tally.count(out.length);
        return out;
    }

    @Override
    protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
        int n = agreement.generateSecret(sharedSecret, offset);
        tally.count(n);
        return n;
    }

    @Override
    protected SecretKey engineGenerateSecret(String algorithm) throws NoSuchAlgorithmException, InvalidKeyException {
        SecretKey key = agreement.generateSecret(algorithm);
        byte[] encoded = key.getEncoded();
        tally.count(encoded == null ? 0 : encoded.length);
        if (encoded != null) {
            Arrays.fill(encoded, (byte) 0);
        }
        return key;
    }
}
