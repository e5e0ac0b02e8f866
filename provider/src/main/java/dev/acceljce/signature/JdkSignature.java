package dev.acceljce.signature;

import dev.acceljce.control.Counters;
import dev.acceljce.jdk.JdkProviders;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.function.Supplier;

/**
 * The JDK's Signature of the same algorithm, serving a key the native side does not (a curve it
 * does not have, an RSA key without CRT components, an RSASSA-PSS-typed key, EdDSA pre-hash or
 * context parameters): it accepts or refuses the key, the parameters and the signatures exactly as
 * it would on its own. Its finished operations are counted on the JDK path (the SPI object's
 * {@link Counters.Tally#handedToJdk} tally).
 */
final class JdkSignature implements SignatureEngine {
    private final Signature jdk;
    private final boolean signing;
    private final Key callerKey;
    /** The SecureRandom the caller gave initSign, if any. */
    private final SecureRandom random;

    private final Counters.Tally tally;
    /** Bytes of the message in progress, counted when it is signed or verified. */
    private long messageBytes;

    private boolean started;

    /**
     * The JDK's Signature for {@code algorithm}, with {@code params} (may be null) set; refused
     * with InvalidKeyException when the JDK cannot take over.
     */
    static Signature jdkSignature(String algorithm, AlgorithmParameterSpec params) throws InvalidKeyException {
        try {
            Signature d = Signature.getInstance(algorithm, JdkProviders.forService("Signature", algorithm));
            if (params != null) {
                d.setParameter(params);
            }
            return d;
        } catch (NoSuchAlgorithmException | InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException("the JDK cannot take over " + algorithm, e);
        }
    }

    /** Initialises {@code jdk} with the caller's key: when the JDK refuses it, this throws. */
    JdkSignature(Signature jdk, boolean signing, Key callerKey, SecureRandom random, Counters.Tally tally)
            throws InvalidKeyException {
        this.jdk = jdk;
        this.signing = signing;
        this.callerKey = callerKey;
        this.random = random;
        this.tally = tally;
        initJdk();
    }

    /** Initialises the JDK's Signature for signing (with {@link #random} when given) or verifying. */
    private void initJdk() throws InvalidKeyException {
        if (!signing) {
            jdk.initVerify((PublicKey) callerKey);
        } else if (random != null) {
            jdk.initSign((PrivateKey) callerKey, random);
        } else {
            jdk.initSign((PrivateKey) callerKey);
        }
    }

    @Override
    public void update(byte[] b, int off, int len) throws SignatureException {
        jdk.update(b, off, len);
        messageBytes += len;
        started = true;
    }

    @Override
    public void update(ByteBuffer input) {
        try {
            messageBytes += input.remaining();
            jdk.update(input);
            started = true;
        } catch (SignatureException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public byte[] sign() throws SignatureException {
        try {
            byte[] out = jdk.sign();
            counted();
            return out;
        } catch (SignatureException | RuntimeException e) {
            reset();
            throw e;
        }
    }

    @Override
    public boolean verify(byte[] signature) throws SignatureException {
        try {
            boolean ok = jdk.verify(signature);
            counted();
            return ok;
        } catch (SignatureException | RuntimeException e) {
            reset();
            throw e;
        }
    }

    private void counted() {
        tally.count(messageBytes);
        messageBytes = 0;
        started = false;
    }

    /**
     * After the JDK's sign or verify threw: the JCA says the message ends there (the native path's
     * does), but SunEC's ECDSA and EdDSA throw for a malformed signature before they consume the
     * message, which would then prefix the next one. Initialising the JDK's Signature again with
     * the same key (and parameters, which it keeps) starts the next message empty.
     */
    @Override
    public void reset() {
        messageBytes = 0;
        started = false;
        try {
            initJdk();
        } catch (InvalidKeyException e) {
            // the JDK refuses the key it took (its own key object changed meanwhile?): its
            // Signature stays as it was, and the caller gets the exception of sign/verify itself
        }
    }

    @Override
    public boolean messageStarted() {
        return started;
    }

    @Override
    public boolean setJdkParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        jdk.setParameter(params);
        return true;
    }

    @Override
    public AlgorithmParameters parameters(Supplier<AlgorithmParameters> nativeOnes) {
        return jdk.getParameters();
    }
}
