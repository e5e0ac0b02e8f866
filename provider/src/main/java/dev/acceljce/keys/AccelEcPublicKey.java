package dev.acceljce.keys;

import dev.acceljce.awslc.EcKey;
import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;

/**
 * An EC public key on a named curve, held natively: as an OpenSSL EVP_PKEY, an AWS-LC EC_KEY, or
 * both, each made on first need when the key was made without it. A key imported on AWS-LC (its
 * point checked there) gets its EVP_PKEY only if OpenSSL is asked to use it.
 */
public final class AccelEcPublicKey extends AccelPublicKey implements ECPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    private final Curves curve;

    /** AWS-LC's form of the key, made on first need and kept; freed by its Cleaner with the key. */
    private transient volatile EcKey awsLc;

    AccelEcPublicKey(EvpPkey.Key key, byte[] encoded, Curves curve) {
        super(KeyKind.EC, key, encoded);
        this.curve = curve;
    }

    /**
     * A key whose point AWS-LC checked and holds in {@code awsLc}; its EVP_PKEY is made on first
     * need, and its encoding too when {@code encoded} is null ({@link #generatedOnAwsLc}).
     */
    AccelEcPublicKey(EcKey awsLc, byte[] encoded, Curves curve) {
        super(KeyKind.EC, null, encoded);
        this.curve = curve;
        this.awsLc = awsLc;
    }

    /** A key of an encoding whose point is known to be valid (generated): each native form is made on first need. */
    static AccelEcPublicKey generated(byte[] encoded, Curves curve) {
        return new AccelEcPublicKey((EvpPkey.Key) null, encoded, curve);
    }

    /**
     * The public half of a key pair AWS-LC generated, {@code publicHalf} holding its point as
     * AWS-LC computed it (projective). The encoding is made on first need: exporting the point
     * costs a field inversion (~2 us on P-256), which a caller that never reads the key skips.
     */
    static AccelEcPublicKey generatedOnAwsLc(EcKey publicHalf, Curves curve) {
        return new AccelEcPublicKey(publicHalf, null, curve);
    }

    @Override
    byte[] encode() {
        EcKey k = awsLc; // set by the constructor of a key made without its encoding, never cleared
        return Keys.concat(EcPublicKeySpecs.header(curve), k.publicPoint());
    }

    public Curves curve() {
        return curve;
    }

    /**
     * The key as AWS-LC's EC_KEY, made from the point the first time and kept on the key: for
     * ECDSA verification and as an ECDH peer. Callers use it while they hold this key; they never
     * free it.
     *
     * @throws InvalidKeyException when AWS-LC refuses the point
     */
    public EcKey awsLcKey() throws InvalidKeyException {
        EcKey k = awsLc;
        return k != null ? k : madeOnAwsLc();
    }

    private synchronized EcKey madeOnAwsLc() throws InvalidKeyException {
        if (awsLc == null) {
            EcKey k = EcKey.publicKey(curve.awsLcGroup(), point());
            if (k == null) {
                throw new InvalidKeyException("AWS-LC refuses the EC public point");
            }
            awsLc = k;
        }
        return awsLc;
    }

    @Override
    public ECPoint getW() {
        byte[] point = uncompressedPoint();
        if (point == null) {
            // a compressed encoding (an imported key that had one): the JDK's view, else OpenSSL's numbers
            if (view() instanceof ECPublicKey jdk) {
                return jdk.getW();
            }
            return new ECPoint(
                    new BigInteger(1, nativeKey().bnParam("qx")),
                    new BigInteger(1, nativeKey().bnParam("qy")));
        }
        int size = (curve.fieldBits() + 7) / 8;
        return new ECPoint(
                new BigInteger(1, java.util.Arrays.copyOfRange(point, 1, 1 + size)),
                new BigInteger(1, java.util.Arrays.copyOfRange(point, 1 + size, point.length)));
    }

    /**
     * The public point in X9.62 form, for another library (AWS-LC): the uncompressed point that
     * ends the encoding, or made from {@link #getW()} when the encoding held a compressed one.
     */
    public byte[] point() {
        byte[] point = uncompressedPoint();
        if (point != null) {
            return point;
        }
        ECPoint w = getW();
        int size = (curve.fieldBits() + 7) / 8;
        point = new byte[1 + 2 * size];
        point[0] = 4;
        unsigned(w.getAffineX(), point, 1, size);
        unsigned(w.getAffineY(), point, 1 + size, size);
        return point;
    }

    private static void unsigned(BigInteger v, byte[] out, int off, int size) {
        byte[] b = v.toByteArray();
        int skip = b.length > size ? b.length - size : 0; // the sign byte
        System.arraycopy(b, skip, out, off + size - (b.length - skip), b.length - skip);
    }

    /** The uncompressed point (04 || x || y) that ends the encoding, or null when it is compressed. */
    private byte[] uncompressedPoint() {
        int size = (curve.fieldBits() + 7) / 8;
        byte[] header = EcPublicKeySpecs.header(curve);
        byte[] encoded = encodedView();
        if (encoded.length != header.length + 1 + 2 * size || encoded[header.length] != 4) {
            return null;
        }
        return rawPublic(1 + 2 * size);
    }

    @Override
    EvpPkey.Key importPublic() {
        byte[] point = uncompressedPoint();
        if (point == null) {
            return super.importPublic();
        }
        return dev.acceljce.openssl.PreparedKeys.ecPublicKey(curve.opensslGroup(), point);
    }

    @Override
    public ECParameterSpec getParams() {
        return curve.params();
    }
}
