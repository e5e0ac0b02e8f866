package dev.acceljce.keys;

import dev.acceljce.awslc.EcKey;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.PreparedKeys;
import java.io.Serial;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECParameterSpec;

/**
 * An EC private key on a named curve, held natively: as an OpenSSL EVP_PKEY, an AWS-LC EC_KEY, or
 * both. A key generated on AWS-LC starts with its EC_KEY and its scalar, and gets its EVP_PKEY
 * only when OpenSSL is asked to use or encode it; a key made by OpenSSL gets its EC_KEY on the
 * first AWS-LC operation. Its PKCS#8 encoding is the JDK's: the SEC 1 structure without the
 * optional public key and parameters.
 */
public final class AccelEcPrivateKey extends AccelPrivateKey implements ECPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    private final Curves curve;

    /** Whether AWS-LC generated the key: its EC_KEY holds the scalar and the point until destroy. */
    private final transient boolean generated;

    /** AWS-LC's form of the key, made on first need (or at generation) and kept until destroy. */
    private transient volatile EcKey awsLc;

    /**
     * Whether the scalar is known to be in [1, n - 1]: true for a key a library generated, else
     * found out once ({@link #scalarInRange}). OpenSSL imports keys outside that range.
     */
    private transient volatile Boolean inRange;

    AccelEcPrivateKey(EvpPkey.Key key, Curves curve) {
        super(KeyKind.EC, key);
        this.curve = curve;
        this.generated = false;
        includeNoPublicKey(key);
    }

    /**
     * A key AWS-LC generated, held in {@code generated}. The scalar and the point stay in the
     * EC_KEY until OpenSSL or a caller needs them ({@link #cachedScalar}, {@link #makeNative}): a
     * TLS key share is used once, on AWS-LC, and never needs them out.
     */
    AccelEcPrivateKey(Curves curve, EcKey generated) {
        super(KeyKind.EC, null);
        this.curve = curve;
        this.generated = true;
        this.awsLc = generated;
        this.inRange = Boolean.TRUE;
    }

    /**
     * Encode as the JDK does (no public key inside the SEC 1 structure). Set once, when the
     * EVP_PKEY is made, not when encoding: EVP_PKEY_set_params writes the shared EVP_PKEY, which
     * engines on other threads may be using by then.
     */
    private static void includeNoPublicKey(EvpPkey.Key key) {
        key.setIntParam("include-public", 0);
    }

    @Override
    EvpPkey.Key makeNative() {
        if (!generated) {
            return super.makeNative();
        }
        byte[] scalar;
        try {
            scalar = cachedScalar(); // reentrant: makeNative runs under the read and making locks
        } catch (InvalidKeyException e) {
            throw new IllegalStateException(e); // not destroyed: the read lock is held
        }
        // the EC_KEY is released only by destroy, which the read lock held here excludes
        EvpPkey.Key key = PreparedKeys.ecKeyPair(curve.opensslGroup(), scalar, awsLc.publicPoint());
        includeNoPublicKey(key);
        return key;
    }

    public Curves curve() {
        return curve;
    }

    /**
     * The private scalar, big-endian and as long as the order, for another library: read once
     * from the EVP_PKEY, or from the EC_KEY of a key AWS-LC generated, and kept on the key
     * ({@link #rawForm}), wiped by {@link #destroy()}. The array is shared: callers only read it.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    public byte[] cachedScalar() throws InvalidKeyException {
        // a generated key's EC_KEY is released only by destroy, which rawForm excludes
        return rawForm(() -> generated ? awsLc.privateScalar() : bnOctets("priv", curve.orderBytes()));
    }

    /**
     * The key as AWS-LC's EC_KEY, made from the scalar the first time and kept on the key until
     * {@link #destroy()} releases it: for ECDSA signing and ECDH. Callers use it while they hold
     * this key and check the key again after the call ({@link #requireLive}); they never free it.
     * A call that runs on it when the key is destroyed ends in {@link IllegalStateException}
     * (freed) or finishes first: the EC_KEY is then freed by its Cleaner.
     *
     * @throws InvalidKeyException when the key was destroyed, or AWS-LC refuses the scalar
     */
    public EcKey awsLcKey() throws InvalidKeyException {
        EcKey k = awsLc;
        if (k != null) {
            return k;
        }
        byte[] scalar = cachedScalar();
        try {
            return whileLive(() -> {
                if (awsLc == null) {
                    awsLc = EcKey.privateKey(curve.awsLcGroup(), scalar);
                }
                return awsLc;
            });
        } catch (RuntimeException e) {
            // a scalar AWS-LC refuses (zero, not below the order), or wiped by a destroy meanwhile
            throw new InvalidKeyException("AWS-LC cannot use this EC key: " + e.getMessage(), e);
        }
    }

    @Override
    void destroyOtherForms() {
        EcKey k = awsLc;
        awsLc = null;
        if (k != null) {
            k.release(); // frees now unless a call runs on it: then its Cleaner does
        }
    }

    /**
     * Whether the scalar is in [1, n - 1], as SunEC requires of a key it computes with
     * (ECUtil.checkPrivateKey); known for generated keys, otherwise found out once per key.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    public boolean scalarInRange() throws InvalidKeyException {
        Boolean known = inRange;
        if (known == null) {
            try {
                BigInteger s = new BigInteger(1, cachedScalar());
                known = s.signum() > 0 && s.compareTo(curve.params().getOrder()) < 0;
            } catch (IllegalStateException tooLong) {
                known = false; // longer than the order (cachedScalar's form has the order's length)
            }
            inRange = known;
        }
        return known;
    }

    @Override
    public BigInteger getS() {
        return component("priv");
    }

    @Override
    public ECParameterSpec getParams() {
        return curve.params();
    }
}
