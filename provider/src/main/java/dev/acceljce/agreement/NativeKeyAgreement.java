package dev.acceljce.agreement;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Path;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelEcPrivateKey;
import dev.acceljce.keys.AccelEcPublicKey;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.Keys;
import java.math.BigInteger;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.XECPrivateKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;

/**
 * ECDH (secp256r1, secp384r1, secp521r1) and XDH (X25519, X448) on OpenSSL or AWS-LC (an {@link
 * AgreementEngine} per library, chosen per object; this class keeps the rules), with SunEC's contract: two parties only ({@code lastPhase} must be true), the peer is validated and
 * the secret computed in {@code doPhase} (an invalid or small-order peer, or one of another curve,
 * gives InvalidKeyException there), {@code generateSecret} hands the secret out once and leaves
 * the object initialised with the same private key, and {@code generateSecret(String)} makes
 * "TlsPremasterSecret" and "Generic" keys only.
 *
 * <p>A private key the native side does not serve (another curve, a key without an encoding, a
 * key of the wrong type) goes to the JDK's KeyAgreement of the same algorithm, which accepts or
 * refuses it exactly as it would on its own; such agreements are counted on the JDK path.
 *
 * <p>A SecureRandom given to {@code init} is not used, and needs no hand-off: ECDH and XDH derive
 * the secret from the two keys alone and draw no randomness (SunEC ignores it too).
 */
final class NativeKeyAgreement extends KeyAgreementSpi implements Counted, KeyHolder {
    private final String algorithm;
    private final boolean ecdh;
    /** The one XDH curve of "X25519"/"X448"; null for "XDH" and "ECDH". */
    private final KeyKind locked;

    private Counters.Tally tally = Counters.Tally.NONE;

    private Counters.Tally jdkTally;
    /** The JDK's agreement serving the current private key, or null on the native path. */
    private KeyAgreement delegate;

    private AccelKey privateKey;
    /**
     * The library computing with {@link #privateKey}: {@link #preferred}, or OpenSSL for a key it
     * does not serve. Set only by an init that took a key, which drops any secret waiting, so it is
     * also the library that computed {@link #secret} (for the counters).
     */
    private AgreementEngine engine;
    /** The secret computed by doPhase, until generateSecret hands it out. */
    private byte[] secret;
    /**
     * ECDH: the length of the last secret computed (0 before any), kept across generateSecret and
     * init as SunEC's ECDH keeps it: its generateSecret(byte[], int) checks the room against it
     * before it looks at the state.
     */
    private int lastSecretLength;

    /** The library chosen for this object ({@code Dispatch.engine}). */
    private final AgreementEngine preferred;
    /** OpenSSL, for keys {@link #preferred} does not serve (X448 when AWS-LC was chosen); made on first need. */
    private AgreementEngine openssl;

    /** The libraries XDH agreements run on (AWS-LC: X25519 only). */
    static final Set<Engine> XDH_ENGINES = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    /** The libraries ECDH runs on (AWS-LC: P-256, P-384 and P-521, every curve served natively). */
    static final Set<Engine> ECDH_ENGINES = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    NativeKeyAgreement(String algorithm, boolean ecdh, KeyKind locked, Engine preferred) {
        this.algorithm = algorithm;
        this.ecdh = ecdh;
        this.locked = locked;
        this.preferred = preferred == Engine.AWSLC ? new AwsLcAgreement() : new OpenSslAgreement(algorithm, ecdh);
    }

    /** The library that computes with {@code key}. */
    private AgreementEngine engineFor(AccelKey key) {
        if (preferred.serves(key)) {
            return preferred;
        }
        if (openssl == null) {
            openssl = new OpenSslAgreement(algorithm, ecdh);
        }
        return openssl;
    }

    /** The library that computed the last secret (that computes with the current key). */
    Engine engineInUse() {
        return engine.library();
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    private boolean servesNatively(AccelKey key) {
        if (ecdh) {
            return key instanceof AccelEcPrivateKey;
        }
        boolean xdh = key.kind() == KeyKind.X25519 || key.kind() == KeyKind.X448;
        return xdh && (locked == null || locked == key.kind());
    }

    @Override
    protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
        try {
            init(key, null, random, false);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e);
        }
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (ecdh && params != null) {
            throw new InvalidAlgorithmParameterException("Parameters not supported");
        }
        init(key, params, random, true);
    }

    /**
     * SunEC's state rules: ECDH forgets its key before it looks at the new one (a refused init
     * leaves it uninitialised); XDH changes nothing when it refuses the key (the earlier key, and
     * a secret not yet handed out, stay), and takes an acceptable key before it checks the
     * parameters against it.
     */
    private void init(Key key, AlgorithmParameterSpec params, SecureRandom random, boolean parameterForm)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (ecdh) {
            clearSecret();
            privateKey = null;
            delegate = null;
        }
        // SunEC's ECDH takes any PKCS#8 EC private key, its XDH only XECPrivateKey objects
        boolean candidate = ecdh ? key instanceof PrivateKey : key instanceof XECPrivateKey;
        AccelKey imported = candidate ? Keys.toNative(key) : null;
        if (imported == null || !servesNatively(imported)) {
            initDelegate(key, params, random, parameterForm);
            return;
        }
        if (ecdh) {
            // the caller's numbers, as SunEC reads them: a foreign key's encoding may say
            // otherwise (a negative s is encoded by its magnitude)
            checkScalarRange(key, (AccelEcPrivateKey) imported);
        }
        AgreementEngine e = engineFor(imported);
        e.init(imported, this);
        clearSecret();
        privateKey = imported;
        engine = e;
        delegate = null;
        if (params != null) {
            checkXdhParameters(params, imported.kind());
        }
    }

    /**
     * SunEC's ECDH refuses a private scalar outside [1, n - 1] (ECUtil.checkPrivateKey); OpenSSL
     * imports such a key (an ECPrivateKeySpec or a PKCS#8 encoding with s = 0 or s >= n) and would
     * compute with it. {@code caller}: the key given to init; {@code imported}, its native form.
     * AccelJCE's own keys know their range (once per key); of a foreign key, the caller's numbers
     * are checked, as SunEC reads them (its encoding may say otherwise: a negative s is encoded by
     * its magnitude).
     */
    private static void checkScalarRange(Key caller, AccelEcPrivateKey imported) throws InvalidKeyException {
        if (caller == imported) {
            if (!imported.scalarInRange()) {
                throw new InvalidKeyException("The private key must be within the range [1, n - 1]");
            }
            return;
        }
        checkScalarRange(caller instanceof ECPrivateKey ec ? ec : imported);
    }

    /** {@link #checkScalarRange(Key, AccelEcPrivateKey)} on the numbers of an ECPrivateKey; one that divulges none is not checked. */
    private static void checkScalarRange(ECPrivateKey key) throws InvalidKeyException {
        BigInteger s = key.getS();
        ECParameterSpec params = key.getParams();
        if (s == null || params == null || params.getOrder() == null) {
            return;
        }
        if (s.signum() <= 0 || s.compareTo(params.getOrder()) >= 0) {
            throw new InvalidKeyException("The private key must be within the range [1, n - 1]");
        }
    }

    /** SunEC's XDH check of parameters given with the private key. */
    private static void checkXdhParameters(AlgorithmParameterSpec params, KeyKind kind)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (!(params instanceof NamedParameterSpec named)) {
            throw new InvalidAlgorithmParameterException("Only NamedParameterSpec is supported");
        }
        KeyKind wanted = KeyKind.ofNamed(named.getName());
        if (wanted != KeyKind.X25519 && wanted != KeyKind.X448) {
            throw new InvalidAlgorithmParameterException("Unsupported curve: " + named.getName());
        }
        if (wanted != kind) {
            throw new InvalidKeyException("Incorrect private key parameters");
        }
    }

    private void initDelegate(Key key, AlgorithmParameterSpec params, SecureRandom random, boolean parameterForm)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        KeyAgreement d;
        try {
            d = KeyAgreement.getInstance(algorithm, JdkProviders.forService("KeyAgreement", algorithm));
        } catch (NoSuchAlgorithmException e) {
            throw new InvalidKeyException("the JDK cannot take over " + algorithm, e);
        }
        if (jdkTally == null) {
            // from here on the JDK serves this object: counted (and its refusals seen) on that path
            jdkTally = Counters.register(this, "KeyAgreement", algorithm, Path.JDK);
        }
        // the key alone first: a refused key changes nothing here (ECDH has already forgotten
        // its key), an accepted one is taken before the parameters are checked, as in SunEC.
        // The caller's form is kept: SunEC's ECDH refuses an unsupported curve with
        // InvalidAlgorithmParameterException through init(key, params), InvalidKeyException
        // through init(key)
        if (parameterForm) {
            d.init(key, (AlgorithmParameterSpec) null, random);
        } else {
            d.init(key, random);
        }
        clearSecret();
        privateKey = null;
        delegate = d;
        if (params != null) {
            d.init(key, params, random);
        }
    }

    /** The private key was destroyed: what each library holds for it goes now (doPhase refuses the key from here on). */
    @Override
    public void keyDestroyed(AccelKey destroyed) {
        preferred.keyDestroyed(destroyed);
        AgreementEngine o = openssl;
        if (o != null) {
            o.keyDestroyed(destroyed);
        }
    }

    @Override
    protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
        if (delegate != null) {
            return delegate.doPhase(key, lastPhase);
        }
        if (privateKey == null) {
            throw new IllegalStateException("Not initialized");
        }
        if (secret != null) {
            throw new IllegalStateException("Phase already executed");
        }
        if (!lastPhase) {
            throw new IllegalStateException("Only two party agreement supported, lastPhase must be true");
        }
        try {
            privateKey.requireLive(); // refuses a key destroyed since init
        } catch (InvalidKeyException e) {
            keyDestroyed(privateKey); // again: its context may have been in use at the destroy
            throw e;
        }
        AccelKey peer = ecdh ? ecPeer(key) : xdhPeer(key);
        byte[] s = engine.agree(privateKey, peer);
        secret = s;
        lastSecretLength = s.length;
        return null;
    }

    private AccelKey ecPeer(Key key) throws InvalidKeyException {
        if (!(key instanceof ECPublicKey)) {
            throw new InvalidKeyException("Key must be a PublicKey with algorithm EC");
        }
        // the library that imports the key (OpenSSL or AWS-LC) refuses a point off the curve
        AccelKey peer = Keys.toNative(key);
        if (!(peer instanceof AccelEcPublicKey ec)) {
            throw new InvalidKeyException("Public key is not a valid point of a supported curve");
        }
        if (ec.curve() != ((AccelEcPrivateKey) privateKey).curve()) {
            throw new InvalidKeyException("Public key is not on the private key's curve");
        }
        return peer;
    }

    private AccelKey xdhPeer(Key key) throws InvalidKeyException {
        if (!(key instanceof XECPublicKey)) {
            throw new InvalidKeyException("Unsupported key type");
        }
        AccelKey peer = Keys.toNative(key);
        if (peer == null || peer.kind() != privateKey.kind() || peer instanceof PrivateKey) {
            throw new InvalidKeyException("Public key parameters are not compatible with private key.");
        }
        return peer;
    }

    @Override
    protected byte[] engineGenerateSecret() {
        if (delegate != null) {
            byte[] out = delegate.generateSecret();
            jdkTally.count(out.length);
            return out;
        }
        if (secret == null) {
            throw new IllegalStateException("Not initialized correctly");
        }
        byte[] out = secret;
        secret = null;
        tally.on(engine.library()).count(out.length);
        return out;
    }

    @Override
    protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
        if (delegate != null) {
            int n = delegate.generateSecret(sharedSecret, offset);
            jdkTally.count(n);
            return n;
        }
        if (ecdh) {
            // SunEC's order: room first (against the last secret's length), then the state; the
            // secret is handed out before it is copied (a negative offset loses it, as there)
            if (lastSecretLength > sharedSecret.length - offset) {
                throw new ShortBufferException(
                        "Need " + lastSecretLength + " bytes, only " + (sharedSecret.length - offset) + " available");
            }
            byte[] s = engineGenerateSecret();
            try {
                System.arraycopy(s, 0, sharedSecret, offset, s.length);
            } finally {
                Arrays.fill(s, (byte) 0);
            }
            return s.length;
        }
        if (secret == null) {
            throw new IllegalStateException("Not initialized correctly");
        }
        if (secret.length > sharedSecret.length - offset) {
            throw new ShortBufferException(
                    "Need " + secret.length + " bytes, only " + (sharedSecret.length - offset) + " available");
        }
        int n = secret.length;
        System.arraycopy(secret, 0, sharedSecret, offset, n);
        clearSecret();
        tally.on(engine.library()).count(n);
        return n;
    }

    @Override
    protected SecretKey engineGenerateSecret(String keyAlgorithm) throws NoSuchAlgorithmException, InvalidKeyException {
        if (delegate != null) {
            SecretKey key = delegate.generateSecret(keyAlgorithm);
            byte[] encoded = key.getEncoded();
            jdkTally.count(encoded == null ? 0 : encoded.length);
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
            return key;
        }
        if (keyAlgorithm == null) {
            throw new NoSuchAlgorithmException("Algorithm must not be null");
        }
        // the JDK's rule (KeyUtil.isSupportedKeyAgreementOutputAlgorithm)
        if (!keyAlgorithm.equalsIgnoreCase("TlsPremasterSecret") && !keyAlgorithm.equalsIgnoreCase("Generic")) {
            throw new NoSuchAlgorithmException("Unsupported secret key algorithm: " + keyAlgorithm);
        }
        byte[] s = engineGenerateSecret();
        try {
            return new SecretKeySpec(s, keyAlgorithm);
        } finally {
            Arrays.fill(s, (byte) 0);
        }
    }

    private void clearSecret() {
        if (secret != null) {
            Arrays.fill(secret, (byte) 0);
            secret = null;
        }
    }
}
