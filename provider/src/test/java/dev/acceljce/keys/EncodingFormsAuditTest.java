package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.XECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The audit of private keys made from the PKCS#8 forms other tools write, which the JDK reads but
 * does not write itself: an EC key whose SEC 1 structure carries its curve and its public key
 * (OpenSSL's default), Ed25519 and X25519 keys in the version 2 form with the public key (RFC
 * 8410's OneAsymmetricKey). AccelJCE's key is compared with the JDK's key of the same encoding:
 * the encoding each gives back, equality both ways and the hash codes.
 */
class EncodingFormsAuditTest {
    private static final HexFormat HEX = HexFormat.of();

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static byte[] tlv(int tag, byte[]... parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            body.writeBytes(p);
        }
        int n = body.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        if (n < 0x80) {
            out.write(n);
        } else if (n < 0x100) {
            out.write(0x81);
            out.write(n);
        } else {
            out.write(0x82);
            out.write(n >>> 8);
            out.write(n);
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    private static byte[] fixed(BigInteger v, int length) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[length];
        int n = Math.min(b.length, length);
        System.arraycopy(b, b.length - n, out, length - n, n);
        return out;
    }

    private record Compared(PrivateKey ours, PrivateKey jdk) {}

    private static Compared both(String alg, byte[] pkcs8) throws Exception {
        PrivateKey jdk = KeyFactory.getInstance(alg, Providers.jdk("KeyFactory", alg))
                .generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        PrivateKey ours = KeyFactory.getInstance(alg, Providers.ACCEL).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        assertInstanceOf(AccelKey.class, ours);
        return new Compared(ours, jdk);
    }

    /** What the JDK's key gives back and what ours does; equality both ways and hash codes. */
    private static void audit(String what, Compared c) {
        assertEquals(
                HEX.formatHex(c.jdk().getEncoded()), HEX.formatHex(c.ours().getEncoded()), what + ": getEncoded()");
        assertTrue(c.ours().equals(c.jdk()), what + ": ours.equals(jdk)");
        assertTrue(c.jdk().equals(c.ours()), what + ": jdk.equals(ours)");
        assertEquals(c.jdk().hashCode(), c.ours().hashCode(), what + ": hash codes");
    }

    @Test
    void ecWithCurveAndPublicKey() throws Exception {
        for (String curve : new String[] {"secp256r1", "secp384r1", "secp521r1"}) {
            var g = java.security.KeyPairGenerator.getInstance("EC", Providers.jdk("KeyPairGenerator", "EC"));
            g.initialize(new ECGenParameterSpec(curve));
            KeyPair kp = g.generateKeyPair();
            ECPrivateKey priv = (ECPrivateKey) kp.getPrivate();
            ECPublicKey pub = (ECPublicKey) kp.getPublic();
            int n = (priv.getParams().getCurve().getField().getFieldSize() + 7) / 8;
            byte[] spki = pub.getEncoded();
            // the AlgorithmIdentifier (ecPublicKey, the curve's OID) as the JDK encodes it in the SPKI
            int at = (spki[1] & 0x80) == 0 ? 2 : 2 + (spki[1] & 0x7F); // past the outer SEQUENCE's header
            byte[] algId = java.util.Arrays.copyOfRange(spki, at, at + 2 + spki[at + 1]);
            byte[] curveOid = java.util.Arrays.copyOfRange(algId, 2 + 2 + algId[3], algId.length);
            byte[] point = new byte[1 + 2 * n];
            point[0] = 4;
            System.arraycopy(fixed(pub.getW().getAffineX(), n), 0, point, 1, n);
            System.arraycopy(fixed(pub.getW().getAffineY(), n), 0, point, 1 + n, n);
            byte[] s = fixed(priv.getS(), n);
            byte[] one = {2, 1, 1};
            byte[][] sec1s = {
                tlv(0x30, one, tlv(0x04, s), tlv(0xA1, tlv(0x03, new byte[] {0}, point))),
                tlv(0x30, one, tlv(0x04, s), tlv(0xA0, curveOid), tlv(0xA1, tlv(0x03, new byte[] {0}, point))),
                tlv(0x30, one, tlv(0x04, s), tlv(0xA0, curveOid))
            };
            String[] names = {"with its public key", "with its curve and public key", "with its curve"};
            for (int i = 0; i < sec1s.length; i++) {
                byte[] pkcs8 = tlv(0x30, new byte[] {2, 1, 0}, algId, tlv(0x04, sec1s[i]));
                Compared c;
                try {
                    c = both("EC", pkcs8);
                } catch (Exception e) {
                    throw new AssertionError("EC " + curve + " " + names[i] + ": " + HEX.formatHex(pkcs8), e);
                }
                audit("EC " + curve + " " + names[i], c);
            }
        }
    }

    @Test
    void edAndXdhVersion2WithPublicKey() throws Exception {
        for (String alg : new String[] {"Ed25519", "Ed448", "X25519", "X448"}) {
            KeyPair kp = KeyMaking.jdkPair(KeyMaking.Type.valueOf(alg.toUpperCase(java.util.Locale.ROOT)));
            byte[] priv = kp.getPrivate() instanceof EdECPrivateKey e
                    ? e.getBytes().orElseThrow()
                    : ((XECPrivateKey) kp.getPrivate()).getScalar().orElseThrow();
            byte[] spki = kp.getPublic().getEncoded();
            byte[] algId = java.util.Arrays.copyOfRange(spki, 2, 2 + 2 + spki[3]);
            byte[] rawPub =
                    java.util.Arrays.copyOfRange(spki, spki.length - (spki.length - 2 - algId.length - 3), spki.length);
            byte[] v2 = tlv(
                    0x30, new byte[] {2, 1, 1}, algId, tlv(0x04, tlv(0x04, priv)), tlv(0x81, new byte[] {0}, rawPub));
            assertArrayEquals(
                    kp.getPublic().getEncoded(),
                    KeyFactory.getInstance(alg, Providers.jdk("KeyFactory", alg))
                            .generatePublic(new java.security.spec.X509EncodedKeySpec(
                                    tlv(0x30, algId, tlv(0x03, new byte[] {0}, rawPub))))
                            .getEncoded(),
                    alg + ": the test's own public key bytes");
            audit(alg + " version 2 with its public key", both(alg, v2));
        }
    }

    /**
     * ML-DSA and ML-KEM keys in the PKCS#8 forms with the seed (seed only, seed and expanded key):
     * JDK 25's KeyFactory refuses them; AccelJCE's reads them (OpenSSL does) and its key gives back
     * the expanded-key form the JDK writes and reads, equal to the JDK's key made from it.
     */
    @Test
    void mlSeedFormsReadWhereTheJdkRefuses() throws Exception {
        KeyMaking.Type.ML_DSA_65.requireServed();
        byte[] seed = new byte[32];
        for (int i = 0; i < seed.length; i++) {
            seed[i] = (byte) i;
        }
        String[][] sets = {{"ML-DSA", "ML-DSA-44", "0311"}, {"ML-KEM", "ML-KEM-768", "0402"}};
        for (String[] set : sets) {
            byte[] seedField = set[0].equals("ML-DSA") ? seed : concat(seed, seed); // ML-KEM's seed is d || z
            byte[] algId = tlv(0x30, tlv(0x06, HEX.parseHex("60864801650304" + set[2])));
            byte[] pkcs8 = tlv(0x30, new byte[] {2, 1, 0}, algId, tlv(0x04, tlv(0x80, seedField)));
            KeyFactory jdk = KeyFactory.getInstance(set[0], Providers.jdk("KeyFactory", set[0]));
            org.junit.jupiter.api.Assertions.assertThrows(
                    java.security.spec.InvalidKeySpecException.class,
                    () -> jdk.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)),
                    set[1] + ": JDK 25 reads the seed form now: the difference is gone");
            PrivateKey ours =
                    KeyFactory.getInstance(set[0], Providers.ACCEL).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            assertInstanceOf(AccelMlPrivateKey.class, ours, set[1]);
            assertEquals(
                    set[1], ((java.security.spec.NamedParameterSpec) ((AccelMlPrivateKey) ours).getParams()).getName());
            PrivateKey jdkKey = jdk.generatePrivate(new PKCS8EncodedKeySpec(ours.getEncoded()));
            audit(set[1] + " from its seed", new Compared(ours, jdkKey));
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /**
     * An EC public key with its point compressed (SEC 1 section 2.3.3): both KeyFactories read it
     * or both refuse it; read, the keys agree on the encoding, equality and hash codes.
     */
    @Test
    void ecCompressedPublicKey() throws Exception {
        for (String curve : new String[] {"secp256r1", "secp384r1", "secp521r1"}) {
            var g = java.security.KeyPairGenerator.getInstance("EC", Providers.jdk("KeyPairGenerator", "EC"));
            g.initialize(new ECGenParameterSpec(curve));
            ECPublicKey pub = (ECPublicKey) g.generateKeyPair().getPublic();
            int n = (pub.getParams().getCurve().getField().getFieldSize() + 7) / 8;
            byte[] spki = pub.getEncoded();
            int at = (spki[1] & 0x80) == 0 ? 2 : 2 + (spki[1] & 0x7F);
            byte[] algId = java.util.Arrays.copyOfRange(spki, at, at + 2 + spki[at + 1]);
            byte[] point = new byte[1 + n];
            point[0] = (byte) (pub.getW().getAffineY().testBit(0) ? 3 : 2);
            System.arraycopy(fixed(pub.getW().getAffineX(), n), 0, point, 1, n);
            byte[] compressed = tlv(0x30, algId, tlv(0x03, new byte[] {0}, point));
            String jdk = outcome(() -> KeyFactory.getInstance("EC", Providers.jdk("KeyFactory", "EC"))
                    .generatePublic(new java.security.spec.X509EncodedKeySpec(compressed)));
            String ours = outcome(() -> KeyFactory.getInstance("EC", Providers.ACCEL)
                    .generatePublic(new java.security.spec.X509EncodedKeySpec(compressed)));
            assertEquals(jdk, ours, curve + " compressed");
        }
    }

    /** A public key's encoding, equality-relevant facts, or the exception's class. */
    private static String outcome(java.util.concurrent.Callable<java.security.PublicKey> make) {
        try {
            java.security.PublicKey k = make.call();
            return HEX.formatHex(k.getEncoded()) + " hash " + k.hashCode() + " "
                    + ((ECPublicKey) k).getW().getAffineY();
        } catch (Exception e) {
            return e.getClass().getName();
        }
    }
}
