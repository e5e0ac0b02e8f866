package dev.acceljce.agreement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Counters;
import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.KeyAgreement;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyAgreementTest {
    static final String[] CURVES = {"secp256r1", "secp384r1", "secp521r1"};
    private static final HexFormat HEX = HexFormat.of();
    /** SubjectPublicKeyInfo and PrivateKeyInfo prefixes of raw X25519/X448 keys (RFC 8410). */
    private static final String X25519_SPKI = "302a300506032b656e032100";

    private static final String X448_SPKI = "3042300506032b656f033900";
    private static final String X25519_PKCS8 = "302e020100300506032b656e04220420";
    private static final String X448_PKCS8 = "3046020100300506032b656f043a0438";

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    static ECParameterSpec params(String curve) throws GeneralSecurityException {
        AlgorithmParameters ap = AlgorithmParameters.getInstance("EC", Providers.jdk("AlgorithmParameters", "EC"));
        ap.init(new ECGenParameterSpec(curve));
        return ap.getParameterSpec(ECParameterSpec.class);
    }

    /** The secret of one Wycheproof case, or null when any step refused it. */
    private static byte[] agree(String algorithm, PrivateKey priv, PublicKey pub) {
        try {
            KeyAgreement ka = KeyAgreement.getInstance(algorithm, Providers.ACCEL);
            ka.init(priv);
            ka.doPhase(pub, true);
            return ka.generateSecret();
        } catch (GeneralSecurityException | IllegalStateException e) {
            return null;
        }
    }

    private static void judge(List<String> failures, Wycheproof.Case c, byte[] shared) {
        if (shared == null) {
            if (c.valid()) {
                failures.add(c + ": rejected");
            }
            return;
        }
        if (c.invalid()) {
            failures.add(c + ": accepted");
        } else if (!Arrays.equals(c.hex("shared"), shared)) {
            failures.add(c + ": wrong secret");
        }
    }

    private static void assertNoFailures(List<String> failures) {
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
    }

    @ParameterizedTest
    @ValueSource(strings = {"secp256r1", "secp384r1", "secp521r1"})
    void wycheproofEcdhDer(String curve) throws Exception {
        KeyFactory kf = KeyFactory.getInstance("EC", Providers.ACCEL);
        ECParameterSpec params = params(curve);
        long before = Counters.of("KeyAgreement.ECDH").nativeOps();
        int accepted = 0;
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases("ecdh_" + curve)) {
            PrivateKey priv = kf.generatePrivate(
                    new ECPrivateKeySpec(new BigInteger(c.test().get("private").asText(), 16), params));
            assertInstanceOf(AccelKey.class, priv);
            PublicKey pub;
            try {
                pub = kf.generatePublic(new X509EncodedKeySpec(c.hex("public")));
            } catch (GeneralSecurityException e) {
                judge(failures, c, null);
                continue;
            }
            byte[] shared = agree("ECDH", priv, pub);
            accepted += shared == null ? 0 : 1;
            judge(failures, c, shared);
        }
        assertNoFailures(failures);
        assertEquals(accepted, Counters.of("KeyAgreement.ECDH").nativeOps() - before, "every agreement native");
    }

    /** The "_ecpoint" files: the peer is a bare point, which the JCA expresses when uncompressed. */
    @ParameterizedTest
    @ValueSource(strings = {"secp256r1", "secp384r1", "secp521r1"})
    void wycheproofEcdhEcpoint(String curve) throws Exception {
        KeyFactory kf = KeyFactory.getInstance("EC", Providers.ACCEL);
        ECParameterSpec params = params(curve);
        int size = (params.getCurve().getField().getFieldSize() + 7) / 8;
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases("ecdh_" + curve + "_ecpoint")) {
            PrivateKey priv = kf.generatePrivate(
                    new ECPrivateKeySpec(new BigInteger(c.test().get("private").asText(), 16), params));
            byte[] point = c.hex("public");
            if (point.length != 1 + 2 * size || point[0] != 4) {
                judge(failures, c, null); // compressed or malformed: no ECPoint to build
                continue;
            }
            BigInteger x = new BigInteger(1, Arrays.copyOfRange(point, 1, 1 + size));
            BigInteger y = new BigInteger(1, Arrays.copyOfRange(point, 1 + size, point.length));
            PublicKey pub;
            try {
                pub = kf.generatePublic(new ECPublicKeySpec(new ECPoint(x, y), params));
            } catch (GeneralSecurityException e) {
                judge(failures, c, null);
                continue;
            }
            judge(failures, c, agree("ECDH", priv, pub));
        }
        assertNoFailures(failures);
    }

    @ParameterizedTest
    @ValueSource(strings = {"X25519", "X448"})
    void wycheproofXdh(String curve) throws Exception {
        boolean x25519 = curve.equals("X25519");
        KeyFactory kf = KeyFactory.getInstance("XDH", Providers.ACCEL);
        long before = Counters.of("KeyAgreement." + curve).nativeOps();
        int accepted = 0;
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(curve.toLowerCase())) {
            PrivateKey priv =
                    kf.generatePrivate(new PKCS8EncodedKeySpec(HEX.parseHex((x25519 ? X25519_PKCS8 : X448_PKCS8)
                            + c.test().get("private").asText())));
            assertInstanceOf(AccelKey.class, priv);
            PublicKey pub;
            try {
                pub = kf.generatePublic(new X509EncodedKeySpec(HEX.parseHex((x25519 ? X25519_SPKI : X448_SPKI)
                        + c.test().get("public").asText())));
            } catch (GeneralSecurityException e) {
                judge(failures, c, null);
                continue;
            }
            byte[] shared = agree(curve, priv, pub);
            if (c.hasFlag("ZeroSharedSecret") && shared != null) {
                failures.add(c + ": an all-zero secret must be refused, as SunEC does");
            }
            accepted += shared == null ? 0 : 1;
            judge(failures, c, shared);
        }
        assertNoFailures(failures);
        assertEquals(accepted, Counters.of("KeyAgreement." + curve).nativeOps() - before, "every agreement native");
    }

    private static KeyPair pair(Provider p, String algorithm, String curve) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance(algorithm, p);
        g.initialize(algorithm.equals("EC") ? new ECGenParameterSpec(curve) : new NamedParameterSpec(curve));
        return g.generateKeyPair();
    }

    private static byte[] secret(Provider p, String algorithm, PrivateKey priv, PublicKey pub) throws Exception {
        KeyAgreement ka = KeyAgreement.getInstance(algorithm, p);
        ka.init(priv);
        ka.doPhase(pub, true);
        return ka.generateSecret();
    }

    /** Random key pairs from both providers: every combination agrees on the secret. */
    @ParameterizedTest
    @ValueSource(strings = {"secp256r1", "secp384r1", "secp521r1", "X25519", "X448"})
    void crossProvider(String curve) throws Exception {
        boolean ec = curve.startsWith("secp");
        String kpg = ec ? "EC" : "XDH";
        String ka = ec ? "ECDH" : "XDH";
        Provider jdk = Providers.jdk("KeyAgreement", ka);
        int rounds = Math.max(10, Differential.cases() / 200);
        for (int i = 0; i < rounds; i++) {
            KeyPair a = pair(Providers.ACCEL, kpg, curve);
            KeyPair b = pair(Providers.jdk("KeyPairGenerator", kpg), kpg, curve);
            assertInstanceOf(AccelKey.class, a.getPrivate());
            byte[] expected = secret(jdk, ka, b.getPrivate(), a.getPublic());
            assertArrayEquals(expected, secret(Providers.ACCEL, ka, a.getPrivate(), b.getPublic()));
            assertArrayEquals(expected, secret(jdk, ka, a.getPrivate(), b.getPublic()));
            assertArrayEquals(expected, secret(Providers.ACCEL, ka, b.getPrivate(), a.getPublic()));
        }
    }

    /**
     * The key shares JSSE decodes (ECPublicKeySpec, XECPublicKeySpec) are imported natively
     * without a DER round trip; the keys are exactly the JDK's (encoding, point, u). A u at or
     * above p is left to the JDK, which reduces it.
     */
    @Test
    void keySharesFromSpecsMatchTheJdk() throws Exception {
        for (String curve : CURVES) {
            java.security.interfaces.ECPublicKey jdk = (java.security.interfaces.ECPublicKey)
                    pair(Providers.jdk("KeyPairGenerator", "EC"), "EC", curve).getPublic();
            PublicKey ours = KeyFactory.getInstance("EC", Providers.ACCEL)
                    .generatePublic(new ECPublicKeySpec(jdk.getW(), jdk.getParams()));
            assertInstanceOf(AccelKey.class, ours);
            assertArrayEquals(jdk.getEncoded(), ours.getEncoded());
            assertEquals(jdk.getW(), ((java.security.interfaces.ECPublicKey) ours).getW());
        }
        for (String curve : new String[] {"X25519", "X448"}) {
            java.security.interfaces.XECPublicKey jdk = (java.security.interfaces.XECPublicKey)
                    pair(Providers.jdk("KeyPairGenerator", "XDH"), "XDH", curve).getPublic();
            for (String factory : new String[] {"XDH", curve}) {
                PublicKey ours = KeyFactory.getInstance(factory, Providers.ACCEL)
                        .generatePublic(new java.security.spec.XECPublicKeySpec(jdk.getParams(), jdk.getU()));
                assertInstanceOf(AccelKey.class, ours);
                assertArrayEquals(jdk.getEncoded(), ours.getEncoded());
                assertEquals(jdk.getU(), ((java.security.interfaces.XECPublicKey) ours).getU());
            }
        }
        java.security.spec.XECPublicKeySpec big = new java.security.spec.XECPublicKeySpec(
                NamedParameterSpec.X25519, BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(10)));
        assertArrayEquals(
                KeyFactory.getInstance("XDH", Providers.jdk("KeyFactory", "XDH"))
                        .generatePublic(big)
                        .getEncoded(),
                KeyFactory.getInstance("XDH", Providers.ACCEL)
                        .generatePublic(big)
                        .getEncoded());
        java.security.spec.XECPublicKeySpec wrongCurve =
                new java.security.spec.XECPublicKeySpec(NamedParameterSpec.X448, BigInteger.TEN);
        assertThrows(
                java.security.spec.InvalidKeySpecException.class,
                () -> KeyFactory.getInstance("X25519", Providers.ACCEL).generatePublic(wrongCurve));
    }

    /** One object, one private key, several peers; generateSecret leaves it ready for the next. */
    @Test
    void reuseAcrossPeers() throws Exception {
        KeyPair mine = pair(Providers.ACCEL, "XDH", "X25519");
        KeyAgreement ka = KeyAgreement.getInstance("XDH", Providers.ACCEL);
        ka.init(mine.getPrivate());
        Provider jdk = Providers.jdk("KeyAgreement", "XDH");
        for (int i = 0; i < 5; i++) {
            KeyPair peer = pair(jdk, "XDH", "X25519");
            ka.doPhase(peer.getPublic(), true);
            byte[] out = new byte[40];
            assertEquals(32, ka.generateSecret(out, 8));
            assertArrayEquals(secret(jdk, "XDH", peer.getPrivate(), mine.getPublic()), Arrays.copyOfRange(out, 8, 40));
        }
        KeyPair peer = pair(jdk, "XDH", "X25519");
        ka.doPhase(peer.getPublic(), true);
        SecretKey tls = ka.generateSecret("TlsPremasterSecret");
        assertEquals("TlsPremasterSecret", tls.getAlgorithm());
        assertArrayEquals(secret(jdk, "XDH", peer.getPrivate(), mine.getPublic()), tls.getEncoded());
    }

    private static Class<? extends Throwable> thrown(Executable call) {
        try {
            call.execute();
        } catch (Throwable t) {
            return t.getClass();
        }
        return null;
    }

    private interface Scenario {
        void run(KeyAgreement ka) throws Exception;
    }

    /** The same scenario on ours and on SunEC ends in the same exception type (or none). */
    private static void same(String algorithm, Scenario s) throws Exception {
        Class<? extends Throwable> jdk =
                thrown(() -> s.run(KeyAgreement.getInstance(algorithm, Providers.jdk("KeyAgreement", algorithm))));
        Class<? extends Throwable> ours = thrown(() -> s.run(KeyAgreement.getInstance(algorithm, Providers.ACCEL)));
        assertEquals(jdk, ours, algorithm);
    }

    @Test
    void badInputsGiveSunEcExceptions() throws Exception {
        KeyPair p256 = pair(Providers.ACCEL, "EC", "secp256r1");
        KeyPair p384 = pair(Providers.ACCEL, "EC", "secp384r1");
        KeyPair jdk256 = pair(Providers.jdk("KeyPairGenerator", "EC"), "EC", "secp256r1");
        KeyPair x25519 = pair(Providers.ACCEL, "XDH", "X25519");
        KeyPair x448 = pair(Providers.ACCEL, "XDH", "X448");
        KeyPair rsa = KeyPairGenerator.getInstance("RSA", Providers.ACCEL).generateKeyPair();
        KeyPair k1 = pair(Providers.jdk("KeyPairGenerator", "EC"), "EC", "secp256r1");
        PublicKey offCurve = KeyFactory.getInstance("EC", Providers.jdk("KeyFactory", "EC"))
                .generatePublic(new ECPublicKeySpec(new ECPoint(BigInteger.ONE, BigInteger.TWO), params("secp256r1")));
        PublicKey zeroU = KeyFactory.getInstance("XDH", Providers.ACCEL)
                .generatePublic(new X509EncodedKeySpec(HEX.parseHex(X25519_SPKI + "00".repeat(32))));

        for (String alg : new String[] {"ECDH", "XDH", "X25519", "X448"}) {
            same(alg, ka -> ka.init(null));
            same(alg, ka -> ka.init(rsa.getPrivate()));
            same(alg, ka -> ka.init(p256.getPublic()));
            same(alg, ka -> ka.doPhase(p256.getPublic(), true));
            same(alg, ka -> ka.generateSecret());
            same(alg, ka -> ka.init(x448.getPrivate()));
        }
        KeyPair[] ecPairs = {p256, jdk256};
        for (KeyPair mine : ecPairs) {
            same("ECDH", ka -> ka.init(mine.getPrivate(), new ECGenParameterSpec("secp256r1")));
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(k1.getPublic(), false);
            });
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(x25519.getPublic(), true);
            });
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(k1.getPublic(), true);
                ka.doPhase(k1.getPublic(), true);
            });
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(k1.getPublic(), true);
                ka.generateSecret();
                ka.generateSecret();
            });
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(k1.getPublic(), true);
                ka.generateSecret(new byte[31], 0);
            });
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(k1.getPublic(), true);
                ka.generateSecret("AES");
            });
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(k1.getPublic(), true);
                ka.generateSecret((String) null);
            });
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(k1.getPublic(), true);
                ka.generateSecret("Generic");
            });
            // a point that is not on the curve, and a point of another curve
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(offCurve, true);
            });
            same("ECDH", ka -> {
                ka.init(mine.getPrivate());
                ka.doPhase(p384.getPublic(), true);
            });
        }
        for (String alg : new String[] {"XDH", "X25519"}) {
            same(alg, ka -> {
                ka.init(x25519.getPrivate());
                ka.doPhase(zeroU, true);
            });
            same(alg, ka -> {
                ka.init(x25519.getPrivate());
                ka.doPhase(x448.getPublic(), true);
            });
            same(alg, ka -> {
                ka.init(x25519.getPrivate());
                ka.doPhase(p256.getPublic(), true);
            });
            same(alg, ka -> ka.init(x25519.getPrivate(), NamedParameterSpec.X448));
            same(alg, ka -> ka.init(x25519.getPrivate(), new ECGenParameterSpec("secp256r1")));
            same(alg, ka -> ka.init(x25519.getPrivate(), NamedParameterSpec.X25519));
            same(alg, ka -> {
                ka.init(x25519.getPrivate());
                ka.doPhase(x25519.getPublic(), true);
                ka.generateSecret(new byte[8], 0);
            });
            same(alg, ka -> {
                ka.init(x25519.getPrivate());
                ka.doPhase(x25519.getPublic(), true);
                ka.generateSecret("TlsPremasterSecret");
            });
        }
        // the exact SunEC outcome for a small-order point and a curve mismatch
        KeyAgreement ka = KeyAgreement.getInstance("X25519", Providers.ACCEL);
        ka.init(x25519.getPrivate());
        assertThrows(java.security.InvalidKeyException.class, () -> ka.doPhase(zeroU, true));
        KeyAgreement ec = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
        ec.init(p256.getPrivate());
        assertThrows(java.security.InvalidKeyException.class, () -> ec.doPhase(p384.getPublic(), true));
        assertThrows(java.security.InvalidKeyException.class, () -> ec.doPhase(offCurve, true));
    }

    /**
     * A private key the native side cannot import (here one without an encoding) goes to SunEC,
     * which refuses it as it would on its own; the object is counted on the JDK path, and the
     * same object serves the next, native, key natively.
     */
    @Test
    void unservedKeyGoesToTheJdk() throws Exception {
        KeyPair ours = pair(Providers.ACCEL, "EC", "secp256r1");
        KeyAgreement ka = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
        PrivateKey plain = new PrivateKey() {
            @Override
            public String getAlgorithm() {
                return "EC";
            }

            @Override
            public String getFormat() {
                return null;
            }

            @Override
            public byte[] getEncoded() {
                return null;
            }
        };
        long jdkBefore = Decisions.count("KeyAgreement", "ECDH", Path.JDK);
        assertThrows(java.security.InvalidKeyException.class, () -> ka.init(plain));
        assertEquals(jdkBefore + 1, Decisions.count("KeyAgreement", "ECDH", Path.JDK));
        long nativeOps = Counters.of("KeyAgreement.ECDH").nativeOps();
        ka.init(ours.getPrivate());
        ka.doPhase(ours.getPublic(), true);
        assertEquals(32, ka.generateSecret().length);
        assertEquals(nativeOps + 1, Counters.of("KeyAgreement.ECDH").nativeOps());
    }

    @Test
    void jdkAliasesResolve() throws Exception {
        Provider sunEc = Providers.jdk("KeyAgreement", "ECDH");
        for (Object k : sunEc.keySet()) {
            String key = k.toString();
            if (key.startsWith("Alg.Alias.KeyAgreement.")) {
                String alias = key.substring("Alg.Alias.KeyAgreement.".length());
                assertNotNull(Providers.ACCEL.getService("KeyAgreement", alias), alias);
            }
        }
        for (String name : new String[] {"ECDH", "XDH", "X25519", "X448"}) {
            assertNotNull(Providers.ACCEL.getService("KeyAgreement", name), name);
        }
    }

    @Test
    void nativeOffGivesTheSameSecrets() throws Exception {
        KeyPair a = pair(Providers.ACCEL, "EC", "secp384r1");
        KeyPair b = pair(Providers.ACCEL, "EC", "secp384r1");
        KeyPair x = pair(Providers.ACCEL, "XDH", "X448");
        KeyPair y = pair(Providers.ACCEL, "XDH", "X448");
        byte[] ec = secret(Providers.ACCEL, "ECDH", a.getPrivate(), b.getPublic());
        byte[] xdh = secret(Providers.ACCEL, "X448", x.getPrivate(), y.getPublic());
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            long jdk = Decisions.count("KeyAgreement", "ECDH", Path.JDK);
            assertArrayEquals(ec, secret(Providers.ACCEL, "ECDH", a.getPrivate(), b.getPublic()));
            assertEquals(jdk + 1, Decisions.count("KeyAgreement", "ECDH", Path.JDK));
            assertArrayEquals(xdh, secret(Providers.ACCEL, "X448", x.getPrivate(), y.getPublic()));
            KeyAgreement off = KeyAgreement.getInstance("X448", Providers.ACCEL);
            off.init(x.getPrivate());
            Key none = off.doPhase(y.getPublic(), true);
            assertNull(none);
            assertThrows(ShortBufferException.class, () -> off.generateSecret(new byte[10], 0));
        } finally {
            if (before == null) {
                System.clearProperty("acceljce.native");
                dev.acceljce.control.Settings.reload();
            } else {
                System.setProperty("acceljce.native", before);
                dev.acceljce.control.Settings.reload();
            }
        }
    }
}
