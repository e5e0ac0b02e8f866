package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.util.Arrays;

/**
 * Turns native keys into AccelJCE key objects and keys of any provider into native ones. Keys of
 * other providers are imported through their standard encodings ({@code getEncoded()}), as the
 * JDK's own providers convert foreign keys.
 */
public final class Keys {
    private Keys() {}

    /**
     * Wraps a native key that holds only public material (and takes ownership of it); null (the
     * native key freed) when it is not a kind or curve served natively.
     */
    static AccelPublicKey wrapPublic(EvpPkey.Key key) {
        KeyKind kind = KeyKind.of(key);
        AccelPublicKey out = null;
        if (kind != null) {
            byte[] encoded = key.publicDer();
            out = switch (kind) {
                case EC -> {
                    Curves curve = Curves.ofOpensslGroup(key.utf8Param("group"));
                    yield curve == null ? null : new AccelEcPublicKey(key, encoded, curve);
                }
                case RSA -> new AccelRsaPublicKey(key, encoded);
                case ED25519, ED448 -> new AccelEdEcPublicKey(kind, key, encoded);
                case X25519, X448 -> new AccelXecPublicKey(kind, key, encoded);
                case ML_KEM_512, ML_KEM_768, ML_KEM_1024, ML_DSA_44, ML_DSA_65, ML_DSA_87 ->
                    new AccelMlPublicKey(kind, key, encoded);
            };
        }
        if (out == null) {
            key.close();
        }
        return out;
    }

    /**
     * Frees a private key AccelJCE made for its own use (a self-test's, an intermediate one) now,
     * whatever {@code destroy()} does for callers' keys ({@code acceljce.keys.destroy}): an AccelJCE
     * key is destroyed; another provider's is asked to destroy itself, and a refusal is ignored (its
     * material goes with the object, as that provider keeps it). Null is ignored.
     */
    public static void release(Key key) {
        if (key instanceof AccelPrivateKey p) {
            p.destroyNow();
        } else if (key instanceof javax.security.auth.Destroyable d && !d.isDestroyed()) {
            try {
                d.destroy();
            } catch (javax.security.auth.DestroyFailedException | RuntimeException ignored) {
                // the JDK's RSA, EC, EdDSA and XDH keys cannot be destroyed: collected with the object
            }
        }
    }

    /** A key from its PKCS#8 encoding, as OpenSSL reads it, or null: for known-answer tests. */
    public static java.security.PrivateKey privateFromPkcs8(byte[] pkcs8) {
        EvpPkey.Key k = EvpPkey.Key.fromPrivateDer(pkcs8);
        return k == null ? null : wrapPrivate(k);
    }

    /** A key from its X.509 SubjectPublicKeyInfo encoding, as OpenSSL reads it, or null. */
    public static java.security.PublicKey publicFromX509(byte[] spki) {
        EvpPkey.Key k = EvpPkey.Key.fromPublicDer(spki);
        return k == null ? null : wrapPublic(k);
    }

    /** As {@link #wrapPublic}, for a native key with private material. */
    static AccelPrivateKey wrapPrivate(EvpPkey.Key key) {
        return wrapPrivate(key, null);
    }

    /** As {@link #wrapPrivate(EvpPkey.Key)}, for an EC key the caller made on {@code ecCurve} (not asked again). */
    static AccelPrivateKey wrapPrivate(EvpPkey.Key key, Curves ecCurve) {
        KeyKind kind = ecCurve != null ? KeyKind.EC : KeyKind.of(key);
        AccelPrivateKey out = null;
        if (kind != null) {
            out = switch (kind) {
                case EC -> {
                    Curves curve = ecCurve != null ? ecCurve : Curves.ofOpensslGroup(key.utf8Param("group"));
                    yield curve == null ? null : new AccelEcPrivateKey(key, curve);
                }
                case RSA -> new AccelRsaPrivateCrtKey(key);
                case ED25519, ED448 -> new AccelEdEcPrivateKey(kind, key);
                case X25519, X448 -> new AccelXecPrivateKey(kind, key);
                case ML_KEM_512, ML_KEM_768, ML_KEM_1024, ML_DSA_44, ML_DSA_65, ML_DSA_87 ->
                    new AccelMlPrivateKey(kind, key);
            };
        }
        if (out == null) {
            key.close();
        }
        return out;
    }

    /**
     * The public half of a freshly generated native key. For EC, EdDSA and XDH keys, its
     * encoding is built here from the raw public key (a fixed SubjectPublicKeyInfo header and the
     * point or key bytes: what OpenSSL's i2d_PUBKEY writes, without its encoder framework, which
     * cost more than the key generation in a TLS handshake), and its own EVP_PKEY is made only
     * when the key is used natively. Other kinds: exported and imported as OSSL_PARAMs.
     */
    static AccelPublicKey publicHalf(EvpPkey.Key generated) {
        return publicHalf(generated, null);
    }

    /** As {@link #publicHalf(EvpPkey.Key)}, for an EC key the caller made on {@code ecCurve} (not asked again). */
    static AccelPublicKey publicHalf(EvpPkey.Key generated, Curves ecCurve) {
        KeyKind kind = ecCurve != null ? KeyKind.EC : KeyKind.of(generated);
        if (kind != null) {
            AccelPublicKey fast = switch (kind) {
                case EC -> {
                    Curves curve = ecCurve != null ? ecCurve : Curves.ofOpensslGroup(generated.utf8Param("group"));
                    byte[] point = generated.octetParam("pub");
                    int size = curve == null ? 0 : (curve.fieldBits() + 7) / 8;
                    yield point == null || point.length != 1 + 2 * size || point[0] != 4
                            ? null
                            : AccelEcPublicKey.generated(concat(EcPublicKeySpecs.header(curve), point), curve);
                }
                case X25519, X448 ->
                    rawEncoded(kind, generated) instanceof byte[] der ? new AccelXecPublicKey(kind, null, der) : null;
                case ED25519, ED448 ->
                    rawEncoded(kind, generated) instanceof byte[] der ? new AccelEdEcPublicKey(kind, null, der) : null;
                default -> null;
            };
            if (fast != null) {
                return fast;
            }
        }
        return wrapPublic(generated.publicCopy());
    }

    /** The SubjectPublicKeyInfo of an EdDSA or XDH key from its raw public key (RFC 8410), or null. */
    private static byte[] rawEncoded(KeyKind kind, EvpPkey.Key key) {
        byte[] raw = key.octetParam("pub");
        int length = RawPublicKeys.length(kind);
        return raw == null || raw.length != length ? null : concat(RawPublicKeys.header(kind), raw);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /**
     * The native form of any key: an AccelJCE key as it is, another provider's key imported from
     * its encoding. Null when the key cannot be served natively (a curve OpenSSL or AccelJCE does
     * not serve, an RSA key without CRT components, an RSASSA-PSS key, no encoding): the caller
     * then lets the JDK handle it.
     *
     * @throws InvalidKeyException when it is a destroyed AccelJCE key
     */
    public static AccelKey toNative(Key key) throws InvalidKeyException {
        if (key instanceof AccelKey a) {
            a.requireLive(); // refuses a destroyed key
            return a;
        }
        byte[] encoded = key.getEncoded();
        if (encoded == null) {
            return null;
        }
        try {
            if (key instanceof PublicKey && "X.509".equalsIgnoreCase(key.getFormat())) {
                // the usual EC form (a certificate's key, SunEC's keys) without a DER decoder
                AccelPublicKey ec = key instanceof ECPublicKey ? EcPublicKeySpecs.fromX509(encoded) : null;
                if (ec != null) {
                    return ec;
                }
                EvpPkey.Key k = EvpPkey.Key.fromPublicDer(encoded);
                return k == null ? null : wrapPublic(k);
            }
            if (key instanceof PrivateKey && "PKCS#8".equalsIgnoreCase(key.getFormat())) {
                if (key instanceof RSAKey && !(key instanceof RSAPrivateCrtKey)) {
                    return null;
                }
                EvpPkey.Key k = EvpPkey.Key.fromPrivateDer(encoded);
                return k == null ? null : wrapPrivate(k);
            }
            return null;
        } finally {
            if (key instanceof PrivateKey) {
                Arrays.fill(encoded, (byte) 0);
            }
        }
    }

    /** {@link #toNative} for a key the caller got from the JDK: ours when servable, else the JDK's. */
    static Key adopt(Key jdkKey) throws InvalidKeyException {
        AccelKey a = toNative(jdkKey);
        return a != null ? a : jdkKey;
    }
}
