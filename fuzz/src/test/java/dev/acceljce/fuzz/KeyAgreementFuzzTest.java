package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.math.BigInteger;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPrivateKeySpec;
import java.security.spec.XECPublicKeySpec;
import javax.crypto.KeyAgreement;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;

/**
 * KeyAgreement (ECDH on P-256/P-384/P-521, XDH, X25519, X448): random sequences of init (the
 * JDK's and AccelJCE's own keys, keys decoded from fuzzed PKCS#8 / X.509 encodings and from
 * fuzzed ECPrivateKeySpec / XECPrivateKeySpec numbers, keys of another curve, public keys, RSA and
 * EdDSA keys, null, secret keys; random parameter specs), doPhase (peers of every such kind,
 * points off the curve, coordinates past the field, small-order u values, lastPhase false,
 * repeated), generateSecret() / generateSecret(byte[], offset) with random offsets and short
 * buffers / generateSecret(algorithm) with good and bad names, reuse after generateSecret and
 * calls before init, on AccelJCE and the JDK side by side. Secrets are deterministic: outputs are
 * compared.
 */
class KeyAgreementFuzzTest {
    static final String[] ALGORITHMS = Services.of("KeyAgreement");
    private static final String[] KINDS = {"EC-256", "EC-384", "EC-521", "X25519", "X448"};
    private static final String[] WRONG = {"RSA-1024", "Ed25519"};
    /** A key pair of AccelJCE's own key classes (not the JDK's, imported). */
    static KeyPair ours(String kind) {
        return FuzzKeys.ours(kind);
    }

    private static KeyPair pair(Pick pick, String kind) {
        boolean agreementKind = java.util.Arrays.asList(KINDS).contains(kind);
        return agreementKind && pick.choose(3) == 0 ? ours(kind) : SignatureFuzzTest.keys(kind);
    }

    /** The kind of key that fits {@code alg}, often another one. */
    private static String kindFor(Pick pick, String alg) {
        return switch (pick.choose(6)) {
            case 0 -> pick.one(KINDS);
            case 1 -> pick.choose(4) == 0 ? pick.one(WRONG) : pick.one(KINDS);
            default ->
                switch (alg) {
                    case "ECDH" -> pick.one(new String[] {"EC-256", "EC-384", "EC-521"});
                    case "X25519", "X448" -> alg;
                    default -> pick.bool() ? "X25519" : "X448";
                };
        };
    }

    /** The factory algorithm of a kind, for decoding fuzzed encodings and specs. */
    private static String factory(String kind) {
        return kind.startsWith("EC-") ? "EC" : kind.equals("RSA-1024") ? "RSA" : kind;
    }

    /** A KeyFactory, AccelJCE's or the JDK's; null when the JDK has none for the kind. */
    private static KeyFactory keyFactory(Pick pick, String kind) throws Exception {
        String alg = factory(kind);
        return pick.bool()
                ? KeyFactory.getInstance(alg, Both.ACCEL)
                : KeyFactory.getInstance(alg, Both.jdk("KeyFactory", alg));
    }

    /** A number near {@code n}: n itself, n +- a little, 0, 1, or random bytes. */
    private static BigInteger near(Pick pick, BigInteger n) {
        return switch (pick.choose(6)) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE;
            case 2 -> n.add(BigInteger.valueOf(pick.intIn(-3, 3)));
            case 3 -> new BigInteger(1, pick.bytes(80));
            case 4 -> n.negate();
            default -> n;
        };
    }

    /** The key to init with: a private key of any origin, or the wrong thing. */
    private static Key privateKey(Pick pick, String alg) throws Exception {
        String kind = kindFor(pick, alg);
        KeyPair kp = pair(pick, kind);
        return switch (pick.choose(10)) {
            case 0 -> decoded(pick, kind, kp, false);
            case 1 -> fromNumbers(pick, kind, kp, false);
            case 2 -> pick.choose(4) == 0 ? null : kp.getPublic();
            case 3 ->
                pick.bool()
                        ? new RawKey(kind, pick.bool() ? "RAW" : "PKCS#8", pick.bytes(70))
                        : new javax.crypto.spec.SecretKeySpec(new byte[32], "AES");
            default -> kp.getPrivate();
        };
    }

    /** The key to doPhase with: a public key of any origin, or the wrong thing. */
    private static Key publicKey(Pick pick, String alg) throws Exception {
        String kind = kindFor(pick, alg);
        KeyPair kp = pair(pick, kind);
        return switch (pick.choose(10)) {
            case 0, 1 -> decoded(pick, kind, kp, true);
            case 2, 3 -> fromNumbers(pick, kind, kp, true);
            case 4 -> pick.choose(4) == 0 ? null : kp.getPrivate();
            default -> kp.getPublic();
        };
    }

    /** A key decoded from a fuzzed encoding; null when neither factory takes it (then nothing is run). */
    private static Key decoded(Pick pick, String kind, KeyPair kp, boolean pub) throws Exception {
        byte[] der = pick.mutated((pub ? kp.getPublic() : kp.getPrivate()).getEncoded(), 3, 200);
        KeyFactory f = keyFactory(pick, kind);
        try {
            return pub
                    ? f.generatePublic(new X509EncodedKeySpec(der))
                    : f.generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (java.security.spec.InvalidKeySpecException e) {
            return SKIP;
        }
    }

    /** A key made from fuzzed numbers (EC scalars and points, XDH scalars and u). */
    private static Key fromNumbers(Pick pick, String kind, KeyPair kp, boolean pub) throws Exception {
        KeyFactory f = keyFactory(pick, kind);
        try {
            if (kp.getPublic() instanceof ECPublicKey ec) {
                ECParameterSpec params = pick.choose(4) == 0
                        ? ((ECPublicKey) SignatureFuzzTest.keys(pick.one(new String[] {"EC-256", "EC-384", "EC-521"}))
                                        .getPublic())
                                .getParams()
                        : ec.getParams();
                if (pub) {
                    BigInteger p =
                            ((java.security.spec.ECFieldFp) params.getCurve().getField()).getP();
                    ECPoint w = ec.getW();
                    BigInteger x = w.getAffineX();
                    BigInteger y = w.getAffineY();
                    switch (pick.choose(5)) {
                        case 0 -> x = near(pick, x);
                        case 1 -> y = near(pick, y);
                        case 2 -> y = p.subtract(y); // the negated point: valid
                        case 3 -> y = y.add(p); // the same point, a coordinate past the field
                        default -> {}
                    }
                    return f.generatePublic(new ECPublicKeySpec(new ECPoint(x, y), params));
                }
                BigInteger s = ((ECPrivateKey) SignatureFuzzTest.keys(kind).getPrivate()).getS();
                return f.generatePrivate(
                        new ECPrivateKeySpec(pick.bool() ? near(pick, params.getOrder()) : near(pick, s), params));
            }
            NamedParameterSpec curve = new NamedParameterSpec(
                    pick.choose(4) == 0
                            ? pick.one(new String[] {"X25519", "X448", "Ed25519"})
                            : kind.startsWith("X") ? kind : "X25519");
            if (pub) {
                BigInteger u = switch (pick.choose(5)) {
                    // small-order points of Curve25519 and Curve448 (0, 1, p-1, ...)
                    case 0 -> BigInteger.valueOf(pick.one(new Integer[] {0, 1, -1, 2}));
                    case 1 -> BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19 + pick.intIn(-2, 2)));
                    case 2 -> new BigInteger(1, pick.bytes(64));
                    default ->
                        kp.getPublic() instanceof java.security.interfaces.XECPublicKey x
                                ? x.getU()
                                : BigInteger.valueOf(9);
                };
                return f.generatePublic(new XECPublicKeySpec(curve, u));
            }
            return f.generatePrivate(new XECPrivateKeySpec(curve, pick.bytes(64)));
        } catch (java.security.spec.InvalidKeySpecException | RuntimeException e) {
            // SunEC's KeyFactory (which AccelJCE's uses for specs) throws RuntimeException "Point
            // coordinates do not match field size" for a coordinate longer than the field, and
            // IllegalArgumentException for some numbers: a KeyFactory matter, not this target's
            return SKIP;
        }
    }

    /** Stands for "no key could be made": the step is skipped. */
    private static final Key SKIP = new RawKey("skip", "skip", null);

    private static AlgorithmParameterSpec params(Pick pick) {
        return switch (pick.choose(8)) {
            case 0 ->
                new NamedParameterSpec(pick.one(new String[] {"X25519", "X448", "Ed25519", "XDH", "x25519", "nope"}));
            case 1 -> NamedParameterSpec.X25519;
            case 2 -> NamedParameterSpec.X448;
            case 3 -> new ECGenParameterSpec("secp256r1");
            case 4 -> new IvParameterSpec(new byte[16]);
            default -> null;
        };
    }

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        KeyAgreement ours = KeyAgreement.getInstance(alg, Both.ACCEL);
        KeyAgreement jdk = KeyAgreement.getInstance(alg, Both.jdk("KeyAgreement", alg));
        for (int step = 0; step < 16 && pick.more(); step++) {
            String name = alg + " step " + step;
            switch (pick.choose(6)) {
                case 0, 1 -> {
                    Key key = privateKey(pick, alg);
                    if (key == SKIP) {
                        continue;
                    }
                    int form = pick.choose(4);
                    AlgorithmParameterSpec params = form >= 2 ? params(pick) : null;
                    SecureRandom random = form % 2 == 1 ? new SecureRandom() : null;
                    Both.same(
                            name + " init(" + show(key) + ", " + params + ", " + form + ")",
                            () -> {
                                init(ours, form, key, params, random);
                                return null;
                            },
                            () -> {
                                init(jdk, form, key, params, random);
                                return null;
                            });
                }
                case 2 -> {
                    Key key = publicKey(pick, alg);
                    if (key == SKIP) {
                        continue;
                    }
                    boolean last = pick.choose(6) != 0;
                    Both.same(
                            name + " doPhase(" + show(key) + ", " + last + ")",
                            () -> ours.doPhase(key, last),
                            () -> jdk.doPhase(key, last));
                }
                case 3 -> Both.same(name + " generateSecret()", ours::generateSecret, jdk::generateSecret);
                case 4 -> {
                    int size = pick.choose(4) == 0 ? -1 : pick.intIn(0, 80);
                    int off = pick.index(Math.max(0, size));
                    byte[] a = size < 0 ? null : new byte[size];
                    byte[] j = size < 0 ? null : new byte[size];
                    Both.same(
                            name + " generateSecret(byte[" + size + "], " + off + ")",
                            () -> ours.generateSecret(a, off) + " " + hex(a),
                            () -> jdk.generateSecret(j, off) + " " + hex(j));
                }
                default -> {
                    String keyAlg = pick.one(new String[] {
                        "TlsPremasterSecret",
                        "Generic",
                        "generic",
                        "AES",
                        "DES",
                        "HmacSHA256",
                        "",
                        null,
                        "tlspremastersecret"
                    });
                    Both.same(
                            name + " generateSecret(" + keyAlg + ")",
                            () -> describe(ours.generateSecret(keyAlg)),
                            () -> describe(jdk.generateSecret(keyAlg)));
                }
            }
        }
    }

    private static void init(KeyAgreement ka, int form, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws Exception {
        switch (form) {
            case 0 -> ka.init(key);
            case 1 -> ka.init(key, random);
            case 2 -> ka.init(key, params);
            default -> ka.init(key, params, random);
        }
    }

    /** A key for the trace: its class and size, and its numbers when it has them. */
    private static String show(Key k) {
        String what = MacFuzzTest.describe(k);
        if (k instanceof ECPrivateKey ec) {
            return what + " s=" + ec.getS().toString(16) + " on "
                    + ec.getParams().getCurve().getField().getFieldSize();
        }
        if (k instanceof ECPublicKey ec) {
            return what + " x=" + ec.getW().getAffineX().toString(16) + " y="
                    + ec.getW().getAffineY().toString(16);
        }
        if (k instanceof java.security.interfaces.XECPublicKey x) {
            return what + " u=" + x.getU().toString(16) + " " + ((NamedParameterSpec) x.getParams()).getName();
        }
        return what;
    }

    private static String hex(byte[] b) {
        return b == null ? "null" : java.util.HexFormat.of().formatHex(b);
    }

    private static String describe(SecretKey k) {
        return k.getAlgorithm() + " " + k.getFormat() + " " + hex(k.getEncoded());
    }
}
