package dev.acceljce.signature;

import dev.acceljce.control.CallerRandom;
import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Fips;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.keys.Keys;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;

/**
 * What every native Signature shares: the JCA contract (init, update, sign, verify, parameters),
 * key checks and import (AccelJCE keys as they are, other providers' keys through their
 * encodings), and the choice, at each init, of the engine that serves the key: {@link
 * NativeSignature} over the subclass's native hooks, or {@link JdkSignature} for a key the native
 * side does not serve (a curve it does not have, an RSA key without CRT components, an
 * RSASSA-PSS-typed key): such a key is handed to the JDK's Signature of the same algorithm, which
 * accepts or refuses it exactly as it would on its own. OpenSSL draws signing nonces and salts from
 * its own DRBG: for a scheme that draws randomness ({@link #drawsRandomness}), a SecureRandom given
 * to initSign that is not one like it ({@link CallerRandom}) sends signing to the JDK's Signature,
 * which uses it.
 */
abstract class PkeySignature extends SignatureSpi implements Counted, KeyHolder {
    private final String algorithm;
    /** The engine serving the current key; before the first init a native one without a key. */
    private SignatureEngine engine;
    /** The imported key on the native path; null before init and while the JDK serves. */
    private AccelKey key;

    private Key lastCallerKey;
    /** The key the caller gave last (ours or not), for re-initialising when parameters change. */
    private Key callerKey;
    /** The SecureRandom the caller gave initSign last (null: none), kept for re-initialising. */
    private SecureRandom callerRandom;

    private boolean signing;
    private boolean initialized;

    private Counters.Tally tally = Counters.Tally.NONE;
    /** Made when the JDK first serves this object: its work is counted on the JDK path. */
    private Counters.Tally jdkTally;

    PkeySignature(String algorithm) {
        this.algorithm = algorithm;
        this.engine = new NativeSignature(this, null, false, Counters.Tally.NONE);
    }

    @Override
    public final void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    /** Whether {@code key} is of the type this algorithm takes; false gives InvalidKeyException. */
    abstract boolean acceptsType(Key key);

    /**
     * Whether signing draws randomness (a nonce, a salt, a hedge), so that a caller's SecureRandom
     * decides the signature: such a source, unless it is one like OpenSSL's own ({@link
     * CallerRandom}), sends signing to the JDK. Each scheme says so (and why) itself.
     */
    abstract boolean drawsRandomness();

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

    /** Whether the last init left the work to the native side (not handed to the JDK's Signature). */
    final boolean servedNatively() {
        return engine instanceof NativeSignature;
    }

    /** The library the last {@link #init} chose, for the counters' split by library. */
    Engine engineInUse() {
        return Engine.OPENSSL;
    }

    // The native hooks: the subclass's OpenSSL work, which NativeSignature runs.

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

    /** Drops buffered input (after sign/verify and on init). */
    abstract void resetMessage();

    /** Refuses an update the algorithm is not ready for (RSASSA-PSS without parameters). */
    void requireReadyForUpdate() throws SignatureException {}

    /** The parameters on the native path (getParameters); null when none are set. */
    AlgorithmParameters nativeParameters() {
        return null;
    }

    /** SignatureSpi's update(ByteBuffer): the buffer in byte arrays through engineUpdate(byte[], ...). */
    final void updateInArrays(ByteBuffer input) {
        super.engineUpdate(input);
    }

    @Override
    public final void keyDestroyed(AccelKey destroyed) {
        if (destroyed == key) {
            releaseKey();
        }
    }

    /** Parameters to pass on to the JDK's Signature when it takes over; null when none are set. */
    AlgorithmParameterSpec parametersForJdk() {
        return null;
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
        boolean sameKey = callerKey == lastCallerKey && key != null;
        if (sameKey) {
            key.requireLive(); // refuses a key destroyed since
        }
        AccelKey imported = sameKey ? key : Keys.toNative(callerKey);
        if (imported != null && !servesNatively(imported)) {
            imported = null;
        }
        if (imported == null) {
            if (!jdkMayTake(callerKey)) {
                throw new InvalidKeyException("invalid " + callerKey.getAlgorithm() + " key: OpenSSL refuses it");
            }
            initJdk(callerKey, forSigning, random);
            return;
        }
        if (forSigning
                && drawsRandomness()
                && CallerRandom.handToJdk(
                        random, "Signature", algorithm, () -> JdkProviders.find("Signature", algorithm) != null)) {
            initJdk(callerKey, true, random); // a key OpenSSL took: the JDK's Signature takes it too
            return;
        }
        init(imported, forSigning, sameKey && signing == forSigning);
        NativeSignature started = new NativeSignature(this, imported, forSigning, tally.on(engineInUse()));
        started.reset();
        engine = started;
        key = imported;
        lastCallerKey = callerKey;
        this.callerKey = callerKey;
        callerRandom = random;
        signing = forSigning;
        initialized = true;
    }

    private void initJdk(Key callerKey, boolean forSigning, SecureRandom random) throws InvalidKeyException {
        Signature d = JdkSignature.jdkSignature(algorithm, parametersForJdk());
        if (jdkTally == null) {
            jdkTally = tally.handedToJdk(this);
        }
        engine = new JdkSignature(d, forSigning, callerKey, random, jdkTally); // may refuse the key
        key = null;
        lastCallerKey = null;
        this.callerKey = callerKey;
        callerRandom = random;
        signing = forSigning;
        initialized = true;
    }

    /**
     * Counts the work from here on on the library {@link #engineInUse} names now: for a parameter
     * change (RSASSA-PSS's digests) that moves the current key's work to another library. Only
     * before a message starts (the caller checked), so nothing of the old tally is pending.
     */
    final void libraryChanged() {
        if (engine instanceof NativeSignature && key != null) {
            engine = new NativeSignature(this, key, signing, tally.on(engineInUse()));
        }
    }

    /**
     * Initialises again with the caller's last key and mode (after a parameter change that moves
     * the work between the native side and the JDK). Does nothing before the first init.
     */
    final void reinitialize() throws InvalidKeyException {
        if (initialized) {
            lastCallerKey = null;
            doInit(callerKey, signing, callerRandom);
        }
    }

    @Override
    protected final void engineUpdate(byte b) throws SignatureException {
        engineUpdate(new byte[] {b}, 0, 1);
    }

    @Override
    protected final void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        requireInit();
        engine.update(b, off, len);
    }

    /** Whether the current message has begun: an update (even an empty one) since init/sign/verify. */
    final boolean messageStarted() {
        return engine.messageStarted();
    }

    @Override
    protected final void engineUpdate(ByteBuffer input) {
        engine.update(input);
    }

    @Override
    protected final byte[] engineSign() throws SignatureException {
        requireInit();
        return engine.sign();
    }

    @Override
    protected final boolean engineVerify(byte[] sigBytes) throws SignatureException {
        requireInit();
        return engine.verify(sigBytes);
    }

    private void requireInit() throws SignatureException {
        if (!initialized) {
            throw new SignatureException("object not initialized for signing or verification");
        }
    }

    /**
     * Gives {@code params} to the JDK's Signature when it serves the current key (it checks and
     * keeps them); false, doing nothing, on the native path, where the SPI checks and keeps them.
     */
    final boolean setJdkParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        return engine.setJdkParameter(params);
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!setJdkParameter(params) && params != null) {
            throw new InvalidAlgorithmParameterException("No parameters accepted");
        }
    }

    @Override
    protected final AlgorithmParameters engineGetParameters() {
        return engine.parameters(this::nativeParameters);
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
