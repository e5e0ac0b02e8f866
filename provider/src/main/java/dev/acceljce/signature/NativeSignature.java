package dev.acceljce.signature;

import dev.acceljce.control.Counters;
import dev.acceljce.keys.AccelKey;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.function.Supplier;

/**
 * The native path of a {@link PkeySignature}: the subclass's native work (its native hooks:
 * update, sign, verify, resetMessage, releaseKey over PkeySignContext, DigestSignOneShot or
 * EvpMessageSignature on OpenSSL, or the AWS-LC engine the subclass chose for the object) on the
 * imported key, which is checked to be alive at each sign and verify.
 * Its finished operations are counted on the SPI object's own (native-path) tally. Before the
 * first init the SPI holds one without a key: only its update reaches the hooks, which refuse it.
 */
final class NativeSignature implements SignatureEngine {
    private final PkeySignature spi;
    /** The imported key; null before the first init. */
    private final AccelKey key;

    private final boolean signing;
    private final Counters.Tally tally;
    /** Bytes of the message in progress, counted when it is signed or verified. */
    private long messageBytes;

    private boolean started;

    NativeSignature(PkeySignature spi, AccelKey key, boolean signing, Counters.Tally tally) {
        this.spi = spi;
        this.key = key;
        this.signing = signing;
        this.tally = tally;
    }

    @Override
    public void update(byte[] b, int off, int len) throws SignatureException {
        spi.requireReadyForUpdate();
        started = true; // a refused update does not start the message (SunRsaSign's PSS neither)
        spi.update(b, off, len);
        messageBytes += len;
    }

    @Override
    public void update(ByteBuffer input) {
        try {
            spi.requireReadyForUpdate();
        } catch (SignatureException e) {
            // SunJCE's RSASSA-PSS throws exactly this from update(ByteBuffer), even an empty one
            throw new RuntimeException(e.getMessage());
        }
        started = true; // also for an empty buffer, which never reaches update(byte[], ...)
        spi.updateInArrays(input);
    }

    @Override
    public byte[] sign() throws SignatureException {
        if (!signing) {
            throw new SignatureException("not initialized for signing");
        }
        try {
            byte[] out = spi.sign(liveKey());
            tally.count(messageBytes);
            return out;
        } catch (IllegalStateException e) {
            throw destroyedMeanwhile(e);
        } finally {
            reset();
        }
    }

    @Override
    public boolean verify(byte[] signature) throws SignatureException {
        if (signing) {
            throw new SignatureException("not initialized for verification");
        }
        try {
            boolean ok = spi.verify(liveKey(), signature);
            tally.count(messageBytes);
            return ok;
        } catch (IllegalStateException e) {
            throw destroyedMeanwhile(e);
        } finally {
            reset();
        }
    }

    @Override
    public void reset() {
        spi.resetMessage();
        messageBytes = 0;
        started = false;
    }

    @Override
    public boolean messageStarted() {
        return started;
    }

    /**
     * A native object freed under the call ("already freed"): the key was destroyed on another
     * thread after {@link #liveKey()} passed, and {@link PkeySignature#keyDestroyed} released the
     * SPI's references. The caller gets the JCA exception; any other IllegalStateException is
     * rethrown.
     */
    private SignatureException destroyedMeanwhile(IllegalStateException e) {
        try {
            key.requireLive();
        } catch (InvalidKeyException destroyed) {
            return new SignatureException("the key was destroyed during the operation", e);
        }
        throw e;
    }

    private AccelKey liveKey() throws SignatureException {
        try {
            key.requireLive();
            return key;
        } catch (InvalidKeyException e) {
            spi.releaseKey(); // again: its objects may have been in use on another thread at the destroy
            throw new SignatureException(e.getMessage(), e);
        }
    }

    @Override
    public boolean setJdkParameter(AlgorithmParameterSpec params) {
        return false;
    }

    @Override
    public AlgorithmParameters parameters(Supplier<AlgorithmParameters> nativeOnes) {
        return nativeOnes.get();
    }
}
