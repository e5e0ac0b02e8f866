package dev.acceljce.kem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.testing.Providers;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.DecapsulateException;
import javax.crypto.KEM;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ML-KEM through the JCA: interop with SunJCE both ways, the JDK's exceptions, the switches. */
class MlKemTest {
    private static final String[] SETS = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};

    @BeforeAll
    static void needs35() {
        Providers.requireNative();
        assumeTrue(LibCrypto.atLeast(3, 5), "ML-KEM needs OpenSSL 3.5 (see MlNotRegisteredTest for 3.0)");
    }

    private static Provider sunJce() {
        return Providers.jdk("KEM", "ML-KEM");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"})
    void interopBothWays(String set) throws Exception {
        KeyPair ours = KeyPairGenerator.getInstance(set, Providers.ACCEL).generateKeyPair();
        KeyPair jdks = KeyPairGenerator.getInstance(set, sunJce()).generateKeyPair();
        assertInstanceOf(AccelKey.class, ours.getPublic());
        assertEquals("ML-KEM", ours.getPublic().getAlgorithm());
        assertEquals(set, ((NamedParameterSpec) ours.getPublic().getParams()).getName());
        assertEquals(set, ((NamedParameterSpec) ours.getPrivate().getParams()).getName());
        for (String alg : new String[] {set, "ML-KEM"}) {
            for (KeyPair kp : new KeyPair[] {ours, jdks}) {
                long before = Decisions.count("KEM", alg, Path.NATIVE);
                KEM a = KEM.getInstance(alg, Providers.ACCEL);
                assertEquals(before + 1, Decisions.count("KEM", alg, Path.NATIVE));
                KEM j = KEM.getInstance(alg, sunJce());
                // ours -> JDK
                KEM.Encapsulator e = a.newEncapsulator(kp.getPublic());
                assertEquals(j.newEncapsulator(kp.getPublic()).encapsulationSize(), e.encapsulationSize());
                assertEquals(32, e.secretSize());
                KEM.Encapsulated enc = e.encapsulate();
                assertEquals("Generic", enc.key().getAlgorithm());
                assertArrayEquals(
                        enc.key().getEncoded(),
                        j.newDecapsulator(kp.getPrivate())
                                .decapsulate(enc.encapsulation())
                                .getEncoded());
                // JDK -> ours
                KEM.Encapsulated jenc = j.newEncapsulator(kp.getPublic()).encapsulate(4, 20, "AES");
                SecretKey k = a.newDecapsulator(kp.getPrivate()).decapsulate(jenc.encapsulation(), 4, 20, "AES");
                assertEquals(jenc.key(), k);
                // implicit rejection: a changed ciphertext gives another secret, as SunJCE's
                byte[] bad = jenc.encapsulation().clone();
                bad[7] ^= 1;
                assertArrayEquals(
                        j.newDecapsulator(kp.getPrivate()).decapsulate(bad).getEncoded(),
                        a.newDecapsulator(kp.getPrivate()).decapsulate(bad).getEncoded());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"})
    void encodingsRoundTripThroughBothKeyFactories(String set) throws Exception {
        KeyFactory ourKf = KeyFactory.getInstance(set, Providers.ACCEL);
        KeyFactory jdkKf = KeyFactory.getInstance(set, Providers.jdk("KeyFactory", set));
        for (KeyPair kp : new KeyPair[] {
            KeyPairGenerator.getInstance(set, Providers.ACCEL).generateKeyPair(),
            KeyPairGenerator.getInstance(set, Providers.jdk("KeyPairGenerator", set))
                    .generateKeyPair()
        }) {
            byte[] pub = kp.getPublic().getEncoded();
            byte[] priv = kp.getPrivate().getEncoded();
            PublicKey p1 = ourKf.generatePublic(new X509EncodedKeySpec(pub));
            PrivateKey s1 = ourKf.generatePrivate(new PKCS8EncodedKeySpec(priv));
            assertInstanceOf(AccelKey.class, p1);
            assertInstanceOf(AccelKey.class, s1);
            assertArrayEquals(pub, p1.getEncoded());
            assertArrayEquals(priv, s1.getEncoded(), "PKCS#8 byte for byte the JDK's (expanded key)");
            assertArrayEquals(
                    pub,
                    jdkKf.generatePublic(new X509EncodedKeySpec(p1.getEncoded()))
                            .getEncoded());
            assertArrayEquals(
                    priv,
                    jdkKf.generatePrivate(new PKCS8EncodedKeySpec(s1.getEncoded()))
                            .getEncoded());
            assertEquals(kp.getPublic(), p1);
            assertEquals(kp.getPrivate(), s1);
            assertEquals(s1, kp.getPrivate());
            // serialized as the JDK's keys are (a KeyRep of the encoding), read back as equal keys
            assertEquals(p1, roundTrip(p1));
            assertEquals(s1, roundTrip(s1));
            // the key spec answers are the JDK's
            assertArrayEquals(
                    priv, ourKf.getKeySpec(s1, PKCS8EncodedKeySpec.class).getEncoded());
            assertArrayEquals(
                    pub, ourKf.getKeySpec(p1, X509EncodedKeySpec.class).getEncoded());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ML-KEM-768", "ML-DSA-65"})
    void keysInOpenSslsDefaultFormatImport(String set) throws Exception {
        // OpenSSL writes seed and expanded key ("both"), which JDK 25 cannot read; we can
        byte[] both;
        byte[] expandedByUs;
        try (dev.acceljce.openssl.EvpPkey.Key k = dev.acceljce.openssl.EvpPkey.Key.generate(set, null)) {
            both = k.privateDer();
        }
        String family = set.substring(0, 6);
        assertThrows(
                java.security.spec.InvalidKeySpecException.class,
                () -> KeyFactory.getInstance(family, Providers.jdk("KeyFactory", family))
                        .generatePrivate(new PKCS8EncodedKeySpec(both)));
        PrivateKey ours =
                KeyFactory.getInstance(family, Providers.ACCEL).generatePrivate(new PKCS8EncodedKeySpec(both));
        assertInstanceOf(AccelKey.class, ours);
        expandedByUs = ours.getEncoded();
        assertNotEquals(both.length, expandedByUs.length);
        // ... and what we write, the JDK reads
        assertEquals(
                ours,
                KeyFactory.getInstance(family, Providers.jdk("KeyFactory", family))
                        .generatePrivate(new PKCS8EncodedKeySpec(expandedByUs)));
    }

    @Test
    void familyGeneratorTakesNamedParameterSpec() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("ML-KEM", Providers.ACCEL);
        assertEquals(
                "ML-KEM-768",
                ((NamedParameterSpec) g.generateKeyPair().getPublic().getParams()).getName());
        for (String set : SETS) {
            g.initialize(new NamedParameterSpec(set));
            assertEquals(
                    set, ((NamedParameterSpec) g.generateKeyPair().getPrivate().getParams()).getName());
        }
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> KeyPairGenerator.getInstance("ML-KEM-768", Providers.ACCEL)
                        .initialize(new NamedParameterSpec("ML-KEM-512")));
        assertThrows(java.security.InvalidParameterException.class, () -> g.initialize(1024));
    }

    @Test
    void badInputGivesTheJdkExceptions() throws Exception {
        KeyPair kp512 =
                KeyPairGenerator.getInstance("ML-KEM-512", Providers.ACCEL).generateKeyPair();
        KeyPair ec = KeyPairGenerator.getInstance("EC", "SunEC").generateKeyPair();
        KeyPair dsa = KeyPairGenerator.getInstance("ML-DSA-44", Providers.jdk("KeyPairGenerator", "ML-DSA-44"))
                .generateKeyPair();
        for (Provider p : new Provider[] {Providers.ACCEL, sunJce()}) {
            KEM fixed768 = KEM.getInstance("ML-KEM-768", p);
            KEM family = KEM.getInstance("ML-KEM", p);
            assertThrows(InvalidKeyException.class, () -> fixed768.newEncapsulator(kp512.getPublic()), p.getName());
            assertThrows(InvalidKeyException.class, () -> fixed768.newDecapsulator(kp512.getPrivate()), p.getName());
            assertThrows(InvalidKeyException.class, () -> family.newEncapsulator(ec.getPublic()), p.getName());
            assertThrows(InvalidKeyException.class, () -> family.newDecapsulator(dsa.getPrivate()), p.getName());
            assertThrows(
                    InvalidAlgorithmParameterException.class,
                    () -> family.newEncapsulator(kp512.getPublic(), new NamedParameterSpec("ML-KEM-512"), null));
            assertThrows(
                    InvalidAlgorithmParameterException.class,
                    () -> family.newDecapsulator(kp512.getPrivate(), new NamedParameterSpec("ML-KEM-512")));
            KEM.Decapsulator d = family.newDecapsulator(kp512.getPrivate());
            for (int len : new int[] {0, 767, 769, 1088}) {
                assertThrows(DecapsulateException.class, () -> d.decapsulate(new byte[len]), p.getName() + " " + len);
            }
            assertThrows(NullPointerException.class, () -> d.decapsulate(null));
        }
        // bad secret ranges: the exceptions of SecretKeySpec, as SunJCE's (it cuts the same way)
        KEM.Encapsulator ours = KEM.getInstance("ML-KEM", Providers.ACCEL).newEncapsulator(kp512.getPublic());
        KEM.Encapsulator theirs = KEM.getInstance("ML-KEM", sunJce()).newEncapsulator(kp512.getPublic());
        KEM.Decapsulator ourD = KEM.getInstance("ML-KEM", Providers.ACCEL).newDecapsulator(kp512.getPrivate());
        KEM.Decapsulator theirD = KEM.getInstance("ML-KEM", sunJce()).newDecapsulator(kp512.getPrivate());
        byte[] ct = ours.encapsulate().encapsulation();
        int[][] ranges = {{0, 33}, {10, 5}, {-1, 16}, {32, 32}, {0, 0}};
        for (int[] r : ranges) {
            assertEquals(
                    thrown(() -> theirs.encapsulate(r[0], r[1], "AES")),
                    thrown(() -> ours.encapsulate(r[0], r[1], "AES")),
                    java.util.Arrays.toString(r));
            assertEquals(
                    thrown(() -> theirD.decapsulate(ct, r[0], r[1], "AES")),
                    thrown(() -> ourD.decapsulate(ct, r[0], r[1], "AES")),
                    java.util.Arrays.toString(r));
        }
        assertEquals(thrown(() -> theirs.encapsulate(0, 32, null)), thrown(() -> ours.encapsulate(0, 32, null)));
        // a destroyed key is refused
        kp512.getPrivate().destroy();
        assertThrows(
                InvalidKeyException.class,
                () -> KEM.getInstance("ML-KEM", Providers.ACCEL).newDecapsulator(kp512.getPrivate()));
    }

    private static Object roundTrip(Object o) throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (java.io.ObjectInputStream in =
                new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    @FunctionalInterface
    interface Call {
        Object run() throws Exception;
    }

    private static Class<?> thrown(Call call) {
        try {
            call.run();
            return null;
        } catch (Exception e) {
            return e.getClass();
        }
    }

    @Test
    void malformedEncodingsAreRefusedByTheKeyFactories() throws Exception {
        for (Provider p : new Provider[] {Providers.ACCEL, Providers.jdk("KeyFactory", "ML-KEM")}) {
            KeyFactory kf = KeyFactory.getInstance("ML-KEM", p);
            byte[] pub = KeyPairGenerator.getInstance("ML-KEM-768", Providers.ACCEL)
                    .generateKeyPair()
                    .getPublic()
                    .getEncoded();
            byte[] truncated = java.util.Arrays.copyOf(pub, 40);
            assertThrows(
                    java.security.spec.InvalidKeySpecException.class,
                    () -> kf.generatePublic(new X509EncodedKeySpec(truncated)),
                    p.getName());
            assertThrows(
                    java.security.spec.InvalidKeySpecException.class,
                    () -> kf.generatePrivate(new PKCS8EncodedKeySpec(new byte[] {0x30, 0x03, 0x02, 0x01, 0x00})));
            byte[] ecPub = KeyPairGenerator.getInstance("EC", "SunEC")
                    .generateKeyPair()
                    .getPublic()
                    .getEncoded();
            assertThrows(
                    java.security.spec.InvalidKeySpecException.class,
                    () -> kf.generatePublic(new X509EncodedKeySpec(ecPub)),
                    p.getName());
        }
    }

    @Test
    void switchedOffServesTheJdkWithTheSameResults() throws Exception {
        KeyPair kp = KeyPairGenerator.getInstance("ML-KEM-768", Providers.ACCEL).generateKeyPair();
        for (String property : new String[] {"acceljce.native", "acceljce.native.kem"}) {
            System.setProperty(property, "false");
            dev.acceljce.control.Settings.reload();
            try {
                long before = Decisions.count("KEM", "ML-KEM", Path.JDK);
                KEM a = KEM.getInstance("ML-KEM", Providers.ACCEL);
                assertEquals(before + 1, Decisions.count("KEM", "ML-KEM", Path.JDK));
                KEM.Encapsulated enc = a.newEncapsulator(kp.getPublic()).encapsulate();
                assertEquals(
                        enc.key(),
                        KEM.getInstance("ML-KEM", sunJce())
                                .newDecapsulator(kp.getPrivate())
                                .decapsulate(enc.encapsulation()));
                assertThrows(
                        DecapsulateException.class,
                        () -> a.newDecapsulator(kp.getPrivate()).decapsulate(new byte[5]));
                assertThrows(
                        InvalidAlgorithmParameterException.class,
                        () -> a.newEncapsulator(kp.getPublic(), new NamedParameterSpec("ML-KEM-768"), null));
                KeyPair jdkMade =
                        KeyPairGenerator.getInstance("ML-KEM", Providers.ACCEL).generateKeyPair();
                assertNotEquals(AccelKey.class, jdkMade.getPublic().getClass());
            } finally {
                System.clearProperty(property);
                dev.acceljce.control.Settings.reload();
            }
        }
    }
}
