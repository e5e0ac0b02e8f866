package dev.acceljce.keys;

import dev.acceljce.awslc.EcKey;
import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.PreparedKeys;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * EC public keys made from an ECPublicKeySpec on a served curve without the JDK's key classes:
 * the point is imported by the library EC operations run on (OpenSSL's EVP_PKEY_fromdata or
 * AWS-LC's EC_POINT_oct2point), which refuses a point that is not on the curve, and the key's
 * encoding is the uncompressed SubjectPublicKeyInfo with the curve's OID.
 *
 * <p>Why not through SunEC's KeyFactory as other specs are: SunEC's ECPublicKeyImpl asks for
 * {@code AlgorithmParameters.getInstance("EC", "SunEC")} by provider name, so it fails once SunEC
 * is removed from the provider list, and JSSE builds every ECDHE peer key from such a spec.
 */
final class EcPublicKeySpecs {
    private EcPublicKeySpecs() {}

    /** The headers of {@link #header}, parsed once: they are read for every key made or imported. */
    private static final java.util.Map<Curves, byte[]> HEADERS = new java.util.EnumMap<>(java.util.Map.of(
            Curves.P256, HexFormat.of().parseHex("3059301306072a8648ce3d020106082a8648ce3d030107034200"),
            Curves.P384, HexFormat.of().parseHex("3076301006072a8648ce3d020106052b81040022036200"),
            Curves.P521, HexFormat.of().parseHex("30819b301006072a8648ce3d020106052b81040023038186" + "00")));

    /**
     * The fixed SubjectPublicKeyInfo header of an uncompressed point (id-ecPublicKey, named curve).
     * The array is shared: callers read it and never modify it.
     */
    static byte[] header(Curves curve) {
        return HEADERS.get(curve);
    }

    /**
     * The native key of {@code spec}, or null when AccelJCE does not make it (a curve it does
     * not serve, coordinates out of range, a point OpenSSL refuses): the caller then asks the JDK,
     * which decides as it would on its own.
     */
    static AccelPublicKey fromSpec(ECPublicKeySpec spec) {
        Curves curve = curveOf(spec.getParams());
        ECPoint w = spec.getW();
        if (curve == null || w == null || w.equals(ECPoint.POINT_INFINITY)) {
            return null;
        }
        int size = (curve.fieldBits() + 7) / 8;
        byte[] header = header(curve);
        byte[] der = new byte[header.length + 1 + 2 * size];
        System.arraycopy(header, 0, der, 0, header.length);
        der[header.length] = 4; // uncompressed
        if (!put(w.getAffineX(), der, header.length + 1, size)
                || !put(w.getAffineY(), der, header.length + 1 + size, size)) {
            return null;
        }
        // imported from the point itself: the library checks it is on the curve, and the encoding
        // built above is the key's (what i2d_PUBKEY would write), so neither DER codec runs
        return imported(curve, der, header.length);
    }

    /**
     * The key of {@code der}, whose uncompressed point starts at {@code pointAt}, on the library
     * that ECDSA and ECDH of new objects run on now ({@code Dispatch.engine}): that library checks
     * the point is on the curve and holds the key; the other library's form is made only if it is
     * asked to use it. Null when the point is refused (both libraries refuse the same points:
     * EcdhEnginesTest's ecpoint vectors).
     */
    private static AccelPublicKey imported(Curves curve, byte[] der, int pointAt) {
        byte[] point = Arrays.copyOfRange(der, pointAt, der.length);
        if (Dispatch.engine(Family.EC, ON_BOTH) == Engine.AWSLC) {
            EcKey k = EcKey.publicKey(curve.awsLcGroup(), point);
            return k == null ? null : new AccelEcPublicKey(k, der, curve);
        }
        EvpPkey.Key key = PreparedKeys.ecPublicKey(curve.opensslGroup(), point);
        return key == null ? null : new AccelEcPublicKey(key, der, curve);
    }

    private static final java.util.Set<Engine> ON_BOTH = java.util.EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    /**
     * The native key of an X.509 SubjectPublicKeyInfo in the form every P-256/384/521 key of a
     * certificate or a key share has (named curve, uncompressed point: the fixed header of
     * {@link #header}), read without a DER decoder; null for any other form, or a point OpenSSL
     * refuses, which the caller then hands to the JDK's KeyFactory as before.
     */
    static AccelPublicKey fromX509(byte[] der) {
        for (Curves curve : Curves.values()) {
            byte[] header = header(curve);
            int size = (curve.fieldBits() + 7) / 8;
            if (der.length == header.length + 1 + 2 * size
                    && der[header.length] == 4
                    && Arrays.equals(der, 0, header.length, header, 0, header.length)) {
                return imported(curve, der.clone(), header.length);
            }
        }
        return null;
    }

    private static Curves curveOf(ECParameterSpec params) {
        for (Curves c : Curves.values()) {
            if (c.params() == params) {
                return c; // the JDK's own NamedCurve object, as JSSE passes it
            }
        }
        try {
            return Curves.resolve(params);
        } catch (GeneralSecurityException e) {
            return null;
        }
    }

    /** Writes {@code v} big-endian into {@code size} bytes at {@code off}; false when it does not fit. */
    private static boolean put(BigInteger v, byte[] out, int off, int size) {
        if (v.signum() < 0 || v.bitLength() > 8 * size) {
            return false;
        }
        byte[] b = v.toByteArray();
        int start = b.length > size ? b.length - size : 0; // a sign byte
        System.arraycopy(b, start, out, off + size - (b.length - start), b.length - start);
        return true;
    }
}
