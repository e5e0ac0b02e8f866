package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.params.Der;
import java.math.BigInteger;
import java.security.Key;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.EdECPublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.interfaces.XECPrivateKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPrivateKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPrivateKeySpec;
import java.security.spec.XECPublicKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Set;

/**
 * Key specs to native keys and back without the JDK's KeyFactory, for a JVM where the JDK's
 * provider of the family is not installed. Where it is, {@link AccelKeyFactory} lets the JDK parse
 * and validate (its exceptions are the reference) and imports the result; here every spec is
 * turned into its standard encoding (SubjectPublicKeyInfo or PKCS#8, built in {@link Der}) and
 * imported by OpenSSL, which validates it (a point off the curve, a malformed key: refused). Key
 * material that passes through the heap is zeroed after the import.
 */
final class NativeKeySpecs {
    private static final byte[] RSA_ALGORITHM = HexFormat.of().parseHex("300d06092a864886f70d0101010500");
    private static final byte[] EC_PUBLIC_KEY_OID = HexFormat.of().parseHex("06072a8648ce3d0201");

    private NativeKeySpecs() {}

    /**
     * Whether an EC SubjectPublicKeyInfo names its curve by OID: the byte after the ecPublicKey
     * OID in the AlgorithmIdentifier is an OID tag (0x06), not an explicit ECParameters SEQUENCE.
     */
    static boolean namedCurve(byte[] spki) {
        int limit = Math.min(spki.length - EC_PUBLIC_KEY_OID.length, 12);
        for (int i = 0; i < limit; i++) {
            if (Arrays.equals(spki, i, i + EC_PUBLIC_KEY_OID.length, EC_PUBLIC_KEY_OID, 0, EC_PUBLIC_KEY_OID.length)) {
                int next = i + EC_PUBLIC_KEY_OID.length;
                return next < spki.length && spki[next] == 0x06;
            }
        }
        return false;
    }

    static PublicKey generatePublic(KeySpec spec, Set<KeyKind> kinds) throws InvalidKeySpecException {
        byte[] der = switch (spec) {
            case X509EncodedKeySpec x -> x.getEncoded();
            case RSAPublicKeySpec r
            when kinds.contains(KeyKind.RSA) ->
                Der.sequence(
                        RSA_ALGORITHM,
                        bitString(Der.sequence(
                                Der.encodeInteger(r.getModulus()), Der.encodeInteger(r.getPublicExponent()))));
            case EdECPublicKeySpec e -> edwardsPublic(e);
            case ECPublicKeySpec ec
            when kinds.contains(KeyKind.EC) -> {
                AccelPublicKey k = EcPublicKeySpecs.fromSpec(ec);
                if (k == null) {
                    throw new InvalidKeySpecException("not a point of a served curve");
                }
                yield k.getEncoded();
            }
            case XECPublicKeySpec xec -> {
                AccelPublicKey k = XecPublicKeySpecs.fromSpec(xec);
                if (k == null) {
                    throw new InvalidKeySpecException("not an X25519 or X448 public key");
                }
                yield k.getEncoded();
            }
            case null -> throw new InvalidKeySpecException("key spec is null");
            default -> throw unsupported(spec, kinds);
        };
        EvpPkey.Key key = EvpPkey.Key.fromPublicDer(der);
        AccelPublicKey out = key == null ? null : Keys.wrapPublic(key);
        if (out == null || !kinds.contains(out.kind())) {
            throw new InvalidKeySpecException("not a " + names(kinds) + " public key OpenSSL accepts");
        }
        if (out.kind() == KeyKind.EC && !namedCurve(der)) {
            // OpenSSL matches explicit parameters to a named curve without checking every field
            // (Wycheproof: a missing cofactor, a cofactor of n); SunEC refuses those, and RFC 5480
            // allows only namedCurve: without SunEC, explicit parameters are refused
            throw new InvalidKeySpecException(
                    "EC public keys with explicit curve parameters are not accepted" + " (RFC 5480: namedCurve only)");
        }
        return out;
    }

    static PrivateKey generatePrivate(KeySpec spec, Set<KeyKind> kinds) throws InvalidKeySpecException {
        byte[] der = switch (spec) {
            case PKCS8EncodedKeySpec p -> p.getEncoded();
            case RSAPrivateCrtKeySpec r
            when kinds.contains(KeyKind.RSA) ->
                pkcs8(
                        RSA_ALGORITHM,
                        Der.sequence(
                                Der.encodeInteger(BigInteger.ZERO),
                                Der.encodeInteger(r.getModulus()),
                                Der.encodeInteger(r.getPublicExponent()),
                                Der.encodeInteger(r.getPrivateExponent()),
                                Der.encodeInteger(r.getPrimeP()),
                                Der.encodeInteger(r.getPrimeQ()),
                                Der.encodeInteger(r.getPrimeExponentP()),
                                Der.encodeInteger(r.getPrimeExponentQ()),
                                Der.encodeInteger(r.getCrtCoefficient())));
            case RSAPrivateKeySpec r
            when kinds.contains(KeyKind.RSA) ->
                throw new InvalidKeySpecException(
                        "RSA private keys without CRT components need the JDK's RSA KeyFactory (SunRsaSign),"
                                + " which is not installed");
            case ECPrivateKeySpec ec when kinds.contains(KeyKind.EC) -> ecPrivate(ec);
            case EdECPrivateKeySpec e -> rawPrivate(kindOf(e.getParams(), kinds), e.getBytes());
            case XECPrivateKeySpec x -> rawPrivate(kindOf(x.getParams(), kinds), x.getScalar());
            case null -> throw new InvalidKeySpecException("key spec is null");
            default -> throw unsupported(spec, kinds);
        };
        try {
            EvpPkey.Key key = EvpPkey.Key.fromPrivateDer(der);
            AccelPrivateKey out = key == null ? null : Keys.wrapPrivate(key);
            if (out == null || !kinds.contains(out.kind())) {
                if (out != null) {
                    out.destroyNow();
                }
                throw new InvalidKeySpecException("not a " + names(kinds) + " private key OpenSSL accepts");
            }
            return out;
        } finally {
            if (!(spec instanceof PKCS8EncodedKeySpec)) {
                Arrays.fill(der, (byte) 0); // built here from the spec's secret
            }
        }
    }

    /** The spec of {@code key} (one of ours, of a kind this factory makes) as {@code type}. */
    static <T extends KeySpec> T keySpec(Key key, Class<T> type) throws InvalidKeySpecException {
        KeySpec spec = null;
        if (key instanceof PublicKey) {
            if (type.isAssignableFrom(X509EncodedKeySpec.class)) {
                spec = new X509EncodedKeySpec(key.getEncoded());
            } else if (key instanceof ECPublicKey k && type.isAssignableFrom(ECPublicKeySpec.class)) {
                spec = new ECPublicKeySpec(k.getW(), k.getParams());
            } else if (key instanceof RSAPublicKey k && type.isAssignableFrom(RSAPublicKeySpec.class)) {
                spec = new RSAPublicKeySpec(k.getModulus(), k.getPublicExponent());
            } else if (key instanceof EdECPublicKey k && type.isAssignableFrom(EdECPublicKeySpec.class)) {
                spec = new EdECPublicKeySpec(k.getParams(), k.getPoint());
            } else if (key instanceof XECPublicKey k && type.isAssignableFrom(XECPublicKeySpec.class)) {
                spec = new XECPublicKeySpec(k.getParams(), k.getU());
            }
        } else if (type.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
            spec = new PKCS8EncodedKeySpec(key.getEncoded());
        } else if (key instanceof ECPrivateKey k && type.isAssignableFrom(ECPrivateKeySpec.class)) {
            spec = new ECPrivateKeySpec(k.getS(), k.getParams());
        } else if (key instanceof RSAPrivateCrtKey k && type.isAssignableFrom(RSAPrivateCrtKeySpec.class)) {
            spec = new RSAPrivateCrtKeySpec(
                    k.getModulus(),
                    k.getPublicExponent(),
                    k.getPrivateExponent(),
                    k.getPrimeP(),
                    k.getPrimeQ(),
                    k.getPrimeExponentP(),
                    k.getPrimeExponentQ(),
                    k.getCrtCoefficient());
        } else if (key instanceof RSAPrivateCrtKey k && type.isAssignableFrom(RSAPrivateKeySpec.class)) {
            spec = new RSAPrivateKeySpec(k.getModulus(), k.getPrivateExponent());
        } else if (key instanceof EdECPrivateKey k && type.isAssignableFrom(EdECPrivateKeySpec.class)) {
            spec = new EdECPrivateKeySpec(k.getParams(), k.getBytes().orElseThrow());
        } else if (key instanceof XECPrivateKey k && type.isAssignableFrom(XECPrivateKeySpec.class)) {
            spec = new XECPrivateKeySpec(k.getParams(), k.getScalar().orElseThrow());
        }
        if (spec == null) {
            throw new InvalidKeySpecException(
                    "Inappropriate key specification " + type.getName() + " for " + key.getAlgorithm() + " key");
        }
        return type.cast(spec);
    }

    /** SubjectPublicKeyInfo of an EdDSA point: y little-endian, x's parity in the top bit (RFC 8032). */
    private static byte[] edwardsPublic(EdECPublicKeySpec spec) throws InvalidKeySpecException {
        KeyKind kind = KeyKind.ofNamed(spec.getParams().getName());
        int length = kind == KeyKind.ED25519 || kind == KeyKind.ED448 ? RawPublicKeys.length(kind) : 0;
        EdECPoint point = spec.getPoint();
        byte[] y = point.getY().toByteArray();
        if (length == 0 || point.getY().signum() < 0 || point.getY().bitLength() > 8 * length - 1) {
            throw new InvalidKeySpecException(
                    "not an Ed25519 or Ed448 point: " + spec.getParams().getName());
        }
        byte[] raw = new byte[length];
        for (int i = 0; i < y.length && i < length; i++) {
            raw[i] = y[y.length - 1 - i]; // little-endian
        }
        if (point.isXOdd()) {
            raw[length - 1] |= (byte) 0x80;
        }
        byte[] header = RawPublicKeys.header(kind);
        byte[] der = Arrays.copyOf(header, header.length + length);
        System.arraycopy(raw, 0, der, header.length, length);
        return der;
    }

    /** PKCS#8 of an EC private key on a served curve (SEC 1 without the public key: OpenSSL derives it). */
    private static byte[] ecPrivate(ECPrivateKeySpec spec) throws InvalidKeySpecException {
        Curves curve;
        try {
            curve = Curves.resolveServed(spec.getParams());
        } catch (java.security.InvalidAlgorithmParameterException e) {
            throw new InvalidKeySpecException(e.getMessage(), e);
        }
        BigInteger s = spec.getS();
        if (s.signum() <= 0 || s.compareTo(curve.params().getOrder()) >= 0) {
            throw new InvalidKeySpecException("Invalid private key: not in [1, n-1]");
        }
        byte[] magnitude = s.toByteArray();
        byte[] fixed = new byte[curve.orderBytes()];
        int start = magnitude[0] == 0 ? 1 : 0;
        System.arraycopy(magnitude, start, fixed, fixed.length - (magnitude.length - start), magnitude.length - start);
        Arrays.fill(magnitude, (byte) 0);
        try {
            return pkcs8(
                    Der.sequence(EC_PUBLIC_KEY_OID, curve.oidDer()),
                    Der.sequence(Der.encodeInteger(BigInteger.ONE), Der.encode(Der.OCTET_STRING, fixed)));
        } finally {
            Arrays.fill(fixed, (byte) 0);
        }
    }

    /** PKCS#8 of an EdDSA or XDH private key: the raw key in an OCTET STRING (RFC 8410). */
    private static byte[] rawPrivate(KeyKind kind, byte[] raw) throws InvalidKeySpecException {
        int length = switch (kind) {
            case ED25519, X25519 -> 32;
            case ED448 -> 57;
            case X448 -> 56;
            default -> -1;
        };
        if (raw.length != length) {
            throw new InvalidKeySpecException(
                    "a " + kind.jdkFactory() + " private key has " + length + " bytes, not " + raw.length);
        }
        byte[] inner = Der.encode(Der.OCTET_STRING, raw);
        try {
            return pkcs8(Der.sequence(kindOid(kind)), inner);
        } finally {
            Arrays.fill(inner, (byte) 0);
        }
    }

    private static KeyKind kindOf(java.security.spec.AlgorithmParameterSpec params, Set<KeyKind> kinds)
            throws InvalidKeySpecException {
        KeyKind kind = params instanceof NamedParameterSpec n ? KeyKind.ofNamed(n.getName()) : null;
        if (kind == null || !kinds.contains(kind)) {
            throw new InvalidKeySpecException("Unsupported parameters for " + names(kinds) + ": " + params);
        }
        return kind;
    }

    private static byte[] kindOid(KeyKind kind) {
        return HexFormat.of()
                .parseHex(
                        switch (kind) {
                            case X25519 -> "06032b656e";
                            case X448 -> "06032b656f";
                            case ED25519 -> "06032b6570";
                            case ED448 -> "06032b6571";
                            default -> throw new IllegalArgumentException(kind.name());
                        });
    }

    private static byte[] pkcs8(byte[] algorithm, byte[] privateKey) {
        byte[] octets = Der.encode(Der.OCTET_STRING, privateKey);
        try {
            return Der.sequence(Der.encodeInteger(BigInteger.ZERO), algorithm, octets);
        } finally {
            Arrays.fill(octets, (byte) 0);
            Arrays.fill(privateKey, (byte) 0);
        }
    }

    private static byte[] bitString(byte[] contents) {
        byte[] b = new byte[contents.length + 1]; // no unused bits
        System.arraycopy(contents, 0, b, 1, contents.length);
        return Der.encode(Der.BIT_STRING, b);
    }

    private static InvalidKeySpecException unsupported(KeySpec spec, Set<KeyKind> kinds) {
        return new InvalidKeySpecException("Unsupported key spec for " + names(kinds) + " without the JDK's provider: "
                + spec.getClass().getName());
    }

    private static String names(Set<KeyKind> kinds) {
        return kinds.stream()
                .map(KeyKind::jdkFactory)
                .reduce((a, b) -> a + "/" + b)
                .orElse("?");
    }
}
