package dev.acceljce.agreement;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.XECPrivateKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Path;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelEcPrivateKey;
import dev.acceljce.keys.AccelEcPublicKey;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.Keys;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.EvpPkeyDerive;
import dev.acceljce.openssl.OpenSslException;

/**
 * ECDH (secp256r1, secp384r1, secp521r1) and XDH (X25519, X448) through EVP_PKEY_derive, with
 * SunEC's contract: two parties only ({@code lastPhase} must be true), the peer is validated and
 * the secret computed in {@code doPhase} (an invalid or small-order peer, or one of another curve,
 * gives InvalidKeyException there), {@code generateSecret} hands the secret out once and leaves
 * the object initialised with the same private key, and {@code generateSecret(String)} makes
 * "TlsPremasterSecret" and "Generic" keys only.
 *
 * <p>A private key the native side does not serve (another curve, a key without an encoding, a
 * key of the wrong type) goes to the JDK's KeyAgreement of the same algorithm, which accepts or
 * refuses it exactly as it would on its own; such agreements are counted on the JDK path.
 */
final class NativeKeyAgreement extends KeyAgreementSpi implements Counted {
    private final String algorithm;
    private final boolean ecdh;
    /** The one XDH curve of "X25519"/"X448"; null for "XDH" and "ECDH". */
    private final KeyKind locked;

    private Counters.Tally tally = Counters.Tally.NONE;
    private Counters.Tally jdkTally;
    /** The JDK's agreement serving the current private key, or null on the native path. */
    private KeyAgreement delegate;
    private AccelKey privateKey;
    private EvpPkeyDerive ctx;
    /** The secret computed by doPhase, until generateSecret hands it out. */
    private byte[] secret;

    NativeKeyAgreement(String algorithm, boolean ecdh, KeyKind locked) {
        this.algorithm = algorithm;
        this.ecdh = ecdh;
        this.locked = locked;
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
            init(key, null, random);
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
        init(key, params, random);
    }

    private void init(Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        clearSecret();
        // SunEC's ECDH takes any PKCS#8 EC private key, its XDH only XECPrivateKey objects
        boolean candidate = ecdh ? key instanceof PrivateKey : key instanceof XECPrivateKey;
        AccelKey imported = candidate ? Keys.toNative(key) : null;
        if (imported == null || !servesNatively(imported)) {
            initDelegate(key, params, random);
            return;
        }
        if (params != null) {
            checkXdhParameters(params, imported.kind());
        }
        if (ctx == null || imported != privateKey) {
            EvpPkeyDerive fresh;
            // a reference of our own while the context is made; the context then holds its own
            try (EvpPkey.Key ref = imported.share()) {
                fresh = new EvpPkeyDerive(ref, secretLength(imported));
            } catch (OpenSslException e) {
                throw new InvalidKeyException(algorithm + " cannot use this key: " + e.getMessage(), e);
            }
            if (ctx != null) {
                ctx.close();
            }
            ctx = fresh;
        }
        privateKey = imported;
        delegate = null;
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

    private static int secretLength(AccelKey key) {
        return switch (key.kind()) {
            case EC -> (((AccelEcPrivateKey) key).curve().fieldBits() + 7) / 8;
            case X25519 -> 32;
            case X448 -> 56;
            default -> throw new IllegalArgumentException("not a key-agreement key: " + key.kind());
        };
    }

    private void initDelegate(Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        privateKey = null;
        delegate = null;
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
        if (params != null) {
            d.init(key, params, random);
        } else if (random != null) {
            d.init(key, random);
        } else {
            d.init(key);
        }
        delegate = d;
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
        AccelKey peer = ecdh ? ecPeer(key) : xdhPeer(key);
        byte[] s;
        try (EvpPkey.Key ref = peer.share()) {
            s = ctx.derive(ref);
        }
        if (s == null) {
            // OpenSSL refused the peer (public-key check) or the product (all zero: small order)
            throw new InvalidKeyException(ecdh ? "Invalid EC public key" : "Point has small order");
        }
        secret = s;
        return null;
    }

    private AccelKey ecPeer(Key key) throws InvalidKeyException {
        if (!(key instanceof ECPublicKey)) {
            throw new InvalidKeyException("Key must be a PublicKey with algorithm EC");
        }
        // OpenSSL refuses a point that is not on the curve when it imports the key
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
        tally.count(out.length);
        return out;
    }

    @Override
    protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
        if (delegate != null) {
            int n = delegate.generateSecret(sharedSecret, offset);
            jdkTally.count(n);
            return n;
        }
        if (secret == null) {
            throw new IllegalStateException("Not initialized correctly");
        }
        if (secret.length > sharedSecret.length - offset) {
            throw new ShortBufferException("Need " + secret.length + " bytes, only "
                    + (sharedSecret.length - offset) + " available");
        }
        int n = secret.length;
        System.arraycopy(secret, 0, sharedSecret, offset, n);
        clearSecret();
        tally.count(n);
        return n;
    }

    @Override
    protected SecretKey engineGenerateSecret(String keyAlgorithm)
            throws NoSuchAlgorithmException, InvalidKeyException {
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
