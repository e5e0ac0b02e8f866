package dev.acceljce.signature;

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
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Fips;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.keys.Keys;

/**
 * What every native Signature shares: key import (AccelJCE keys as they are, other providers'
 * keys through their encodings) and the JDK fallback for a key the native side does not serve (a
 * curve it does not have, an RSA key without CRT components, an RSASSA-PSS-typed key): such a
 * key is handed to the JDK's Signature of the same algorithm, which accepts or refuses it exactly
 * as it would on its own. OpenSSL draws signing nonces and salts from its own DRBG: a SecureRandom
 * given to initSign is not used on the native path.
 */
abstract class PkeySignature extends SignatureSpi implements Counted, KeyHolder {
    private final String algorithm;
    /** The JDK's Signature serving the current key, or null on the native path. */
    private Signature delegate;
    /** The SecureRandom the caller gave the delegate's initSign, if any. */
    private SecureRandom delegateRandom;
    private AccelKey key;
    private Key lastCallerKey;
    /** The key the caller gave last (ours or not), for re-initialising when parameters change. */
    private Key callerKey;
    private boolean signing;
    private boolean initialized;

    private Counters.Tally tally = Counters.Tally.NONE;
    /** Registered when the JDK first serves this object: its work is counted on the JDK path. */
    private Counters.Tally jdkTally;
    /** Bytes of the message in progress, counted when it is signed or verified. */
    private long messageBytes;
    /** Whether an update (even an empty one) came since the last init, sign or verify. */
    private boolean updated;

    PkeySignature(String algorithm) {
        this.algorithm = algorithm;
    }

    @Override
    public final void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    /** One signature or verification done: on the path that did it. */
    private void counted() {
        (delegate != null ? jdkTally : tally).count(messageBytes);
        messageBytes = 0;
        updated = false;
    }

    /** Whether {@code key} is of the type this algorithm takes; false gives InvalidKeyException. */
    abstract boolean acceptsType(Key key);

    /**
     * Whether the native side serves this imported key here (e.g. the right EdDSA curve); a key
     * refused here goes to the JDK, which decides.
     */
    boolean servesNatively(AccelKey key) {
        return true;
    }

    /**
     * Whether a key the native side could not import may go to the JDK's Signature (which then
     * accepts or refuses it); false refuses it here with {@link InvalidKeyException}. For
     * algorithms whose JDK implementation accepts keys OpenSSL rightly rejects.
     */
    boolean jdkMayTake(Key key) {
        return true;
    }

    /**
     * Prepares native state for {@code key}; {@code sameKey} when the key is the previous one.
     * Everything that can refuse the key is checked before any state changes: when this throws,
     * the previous key must still work as before.
     */
    abstract void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException;

    abstract void update(byte[] b, int off, int len);

    abstract byte[] sign(AccelKey key) throws SignatureException;

    abstract boolean verify(AccelKey key, byte[] signature) throws SignatureException;

    /**
     * Frees the native objects that reference the current key, which was destroyed (with
     * {@code NativeResource.release}: never throws). The fields may keep the freed objects: every
     * later call refuses the destroyed key before it reaches them, and init replaces them.
     */
    abstract void releaseKey();

    @Override
    public final void keyDestroyed(AccelKey destroyed) {
        if (destroyed == key) {
            releaseKey();
        }
    }

    /** Drops buffered input (after sign/verify and on init). */
    abstract void resetMessage();

    /** Parameters to pass on to a JDK delegate when one takes over; null when none are set. */
    AlgorithmParameterSpec parametersForDelegate() {
        return null;
    }

    final boolean delegated() {
        return delegate != null;
    }

    final Signature delegate() {
        return delegate;
    }

    @Override
    protected final void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
        doInit(publicKey, false, null);
    }

    @Override
    protected final void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
        doInit(privateKey, true, null);
    }

    @Override
    protected final void engineInitSign(PrivateKey privateKey, SecureRandom random) throws InvalidKeyException {
        doInit(privateKey, true, random);
    }

    private void doInit(Key callerKey, boolean forSigning, SecureRandom random) throws InvalidKeyException {
        if (callerKey == null) {
            throw new InvalidKeyException("key must not be null");
        }
        // A refused key leaves the object as it was (key, mode and message so far), as SunJCE,
        // SunEC and SunRsaSign do: nothing here changes before the new key is known to be usable.
        if (forSigning && Fips.on() && Fips.verifyOnly("Signature", algorithm)) {
            throw new InvalidKeyException(Fips.refused(algorithm + " signing (SHA-1 or an unhashed message:"
                    + " verification only, SP 800-131A Rev. 2 legacy use)"));
        }
        if (!acceptsType(callerKey)) {
            throw new InvalidKeyException("key type " + callerKey.getAlgorithm() + " ("
                    + callerKey.getClass().getName() + ") cannot be used with " + algorithm);
        }
        boolean sameKey = callerKey == lastCallerKey && key != null && delegate == null;
        if (sameKey) {
            key.nativeKey(); // refuses a key destroyed since
        }
        AccelKey imported = sameKey ? key : Keys.toNative(callerKey);
        if (imported != null && !servesNatively(imported)) {
            imported = null;
        }
        if (imported == null) {
            if (!jdkMayTake(callerKey)) {
                throw new InvalidKeyException("invalid " + callerKey.getAlgorithm() + " key: OpenSSL refuses it");
            }
            initDelegate(callerKey, forSigning, random);
            return;
        }
        init(imported, forSigning, sameKey && signing == forSigning);
        resetMessage();
        messageBytes = 0;
        updated = false;
        delegate = null;
        key = imported;
        lastCallerKey = callerKey;
        this.callerKey = callerKey;
        signing = forSigning;
        initialized = true;
    }

    private void initDelegate(Key callerKey, boolean forSigning, SecureRandom random) throws InvalidKeyException {
        Signature d;
        try {
            d = Signature.getInstance(algorithm, JdkProviders.forService("Signature", algorithm));
            AlgorithmParameterSpec params = parametersForDelegate();
            if (params != null) {
                d.setParameter(params);
            }
        } catch (NoSuchAlgorithmException | InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException("the JDK cannot take over " + algorithm, e);
        }
        if (jdkTally == null) {
            jdkTally = Counters.register(this, "Signature", algorithm, dev.acceljce.control.Path.JDK);
        }
        initJdk(d, forSigning, callerKey, random);
        messageBytes = 0;
        updated = false;
        delegate = d;
        delegateRandom = random;
        key = null;
        lastCallerKey = null;
        this.callerKey = callerKey;
        signing = forSigning;
        initialized = true;
    }

    /** Initialises the JDK's {@code d} for signing (with {@code random} when given) or verifying. */
    private static void initJdk(Signature d, boolean forSigning, Key callerKey, SecureRandom random)
            throws InvalidKeyException {
        if (!forSigning) {
            d.initVerify((PublicKey) callerKey);
        } else if (random != null) {
            d.initSign((PrivateKey) callerKey, random);
        } else {
            d.initSign((PrivateKey) callerKey);
        }
    }

    /**
     * After the JDK's sign or verify threw: the JCA says the message ends there (the native path's
     * does), but SunEC's ECDSA and EdDSA throw for a malformed signature before they consume the
     * message, which would then prefix the next one. Initialising the delegate again with the same
     * key (and parameters, which it keeps) starts the next message empty.
     */
    private void restartDelegate() {
        messageBytes = 0;
        updated = false;
        try {
            initJdk(delegate, signing, callerKey, delegateRandom);
        } catch (InvalidKeyException e) {
            // the JDK refuses the key it took (its own key object changed meanwhile?): the
            // delegate stays as it was, and the caller gets the exception of sign/verify itself
        }
    }

    /**
     * Initialises again with the caller's last key and mode (after a parameter change that moves
     * the work between the native side and the JDK). Does nothing before the first init.
     */
    final void reinitialize() throws InvalidKeyException {
        if (initialized) {
            lastCallerKey = null;
            doInit(callerKey, signing, null);
        }
    }

    @Override
    protected final void engineUpdate(byte b) throws SignatureException {
        engineUpdate(new byte[] {b}, 0, 1);
    }

    @Override
    protected final void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        if (delegate != null) {
            delegate.update(b, off, len);
            messageBytes += len;
            updated = true;
            return;
        }
        requireInit();
        requireReadyForUpdate();
        updated = true; // a refused update does not start the message (SunRsaSign's PSS neither)
        update(b, off, len);
        messageBytes += len;
    }

    /** Whether the current message has begun: an update (even an empty one) since init/sign/verify. */
    final boolean messageStarted() {
        return updated;
    }

    /** Refuses an update the algorithm is not ready for (RSASSA-PSS without parameters). */
    void requireReadyForUpdate() throws SignatureException {
    }

    @Override
    protected final void engineUpdate(ByteBuffer input) {
        if (delegate != null) {
            try {
                messageBytes += input.remaining();
                delegate.update(input);
                updated = true;
            } catch (SignatureException e) {
                throw new IllegalStateException(e);
            }
            return;
        }
        try {
            requireReadyForUpdate();
        } catch (SignatureException e) {
            // SunJCE's RSASSA-PSS throws exactly this from update(ByteBuffer), even an empty one
            throw new RuntimeException(e.getMessage());
        }
        updated = true; // also for an empty buffer, which never reaches engineUpdate(byte[], ...)
        super.engineUpdate(input);
    }

    @Override
    protected final byte[] engineSign() throws SignatureException {
        if (delegate != null) {
            try {
                byte[] out = delegate.sign();
                counted();
                return out;
            } catch (SignatureException | RuntimeException e) {
                restartDelegate();
                throw e;
            }
        }
        requireInit();
        if (!signing) {
            throw new SignatureException("not initialized for signing");
        }
        try {
            byte[] out = sign(liveKey());
            counted();
            return out;
        } catch (IllegalStateException e) {
            throw destroyedMeanwhile(e);
        } finally {
            resetMessage();
            messageBytes = 0;
            updated = false;
        }
    }

    @Override
    protected final boolean engineVerify(byte[] sigBytes) throws SignatureException {
        if (delegate != null) {
            try {
                boolean ok = delegate.verify(sigBytes);
                counted();
                return ok;
            } catch (SignatureException | RuntimeException e) {
                restartDelegate();
                throw e;
            }
        }
        requireInit();
        if (signing) {
            throw new SignatureException("not initialized for verification");
        }
        try {
            boolean ok = verify(liveKey(), sigBytes);
            counted();
            return ok;
        } catch (IllegalStateException e) {
            throw destroyedMeanwhile(e);
        } finally {
            resetMessage();
            messageBytes = 0;
            updated = false;
        }
    }

    /**
     * A native object freed under the call ("already freed"): the key was destroyed on another
     * thread after {@link #liveKey()} passed, and {@link #keyDestroyed} released this engine's
     * references. The caller gets the JCA exception; any other IllegalStateException is rethrown.
     */
    private SignatureException destroyedMeanwhile(IllegalStateException e) {
        try {
            key.nativeKey();
        } catch (InvalidKeyException destroyed) {
            return new SignatureException("the key was destroyed during the operation", e);
        }
        throw e;
    }

    private AccelKey liveKey() throws SignatureException {
        try {
            key.nativeKey();
            return key;
        } catch (InvalidKeyException e) {
            releaseKey(); // again: its objects may have been in use on another thread at the destroy
            throw new SignatureException(e.getMessage(), e);
        }
    }

    private void requireInit() throws SignatureException {
        if (!initialized) {
            throw new SignatureException("object not initialized for signing or verification");
        }
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (delegate != null) {
            delegate.setParameter(params);
            return;
        }
        if (params != null) {
            throw new InvalidAlgorithmParameterException("No parameters accepted");
        }
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return delegate != null ? delegate.getParameters() : null;
    }

    @Override
    @SuppressWarnings("deprecation")
    protected final void engineSetParameter(String param, Object value) {
        throw new UnsupportedOperationException("use setParameter(AlgorithmParameterSpec)");
    }

    @Override
    @SuppressWarnings("deprecation")
    protected final Object engineGetParameter(String param) {
        throw new UnsupportedOperationException("use getParameters()");
    }
}
