package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ML-DSA through the JCA: signatures and keys cross-checked with the SUN provider both ways. */
class MlDsaTest {
    @BeforeAll
    static void needs35() {
        Providers.requireNative();
        assumeTrue(LibCrypto.atLeast(3, 5), "ML-DSA needs OpenSSL 3.5 (see MlNotRegisteredTest for 3.0)");
    }

    private static Provider sun() {
        return Providers.jdk("Signature", "ML-DSA");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"})
    void signaturesCrossVerify(String set) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("mldsa " + set));
        KeyPair ours = KeyPairGenerator.getInstance(set, Providers.ACCEL).generateKeyPair();
        KeyPair jdks = KeyPairGenerator.getInstance(set, sun()).generateKeyPair();
        assertInstanceOf(AccelKey.class, ours.getPrivate());
        assertEquals("ML-DSA", ours.getPrivate().getAlgorithm());
        assertEquals(set, ((NamedParameterSpec) ours.getPublic().getParams()).getName());
        int rounds = Math.max(4, Math.min(12, Differential.cases() / 1000));
        for (int i = 0; i < rounds; i++) {
            byte[] msg = new byte[i == 0 ? 0 : Differential.size(r) / 16];
            r.nextBytes(msg);
            for (KeyPair kp : new KeyPair[] {ours, jdks}) {
                for (String alg : new String[] {set, "ML-DSA"}) {
                    long before = Decisions.count("Signature", alg, Path.NATIVE);
                    Signature a = Signature.getInstance(alg, Providers.ACCEL);
                    assertEquals(before + 1, Decisions.count("Signature", alg, Path.NATIVE));
                    Signature j = Signature.getInstance(alg, sun());
                    a.initSign(kp.getPrivate());
                    int cut = r.nextInt(msg.length + 1);
                    a.update(msg, 0, cut);
                    a.update(msg, cut, msg.length - cut);
                    byte[] sig = a.sign();
                    a.update(msg);
                    assertFalse(Arrays.equals(sig, a.sign()), "hedged: two signatures differ, as the JDK's");
                    j.initVerify(kp.getPublic());
                    j.update(msg);
                    assertTrue(j.verify(sig), "JDK verifies ours");
                    j.initSign(kp.getPrivate());
                    j.update(msg);
                    byte[] jsig = j.sign();
                    a.initVerify(kp.getPublic());
                    a.update(msg);
                    assertTrue(a.verify(jsig), "we verify the JDK's");
                    jsig[5] ^= 1;
                    a.update(msg);
                    assertFalse(a.verify(jsig));
                    j.initVerify(kp.getPublic());
                    j.update(msg);
                    assertFalse(j.verify(jsig));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"})
    void encodingsRoundTripThroughBothKeyFactories(String set) throws Exception {
        KeyFactory ourKf = KeyFactory.getInstance("ML-DSA", Providers.ACCEL);
        KeyFactory jdkKf = KeyFactory.getInstance("ML-DSA", Providers.jdk("KeyFactory", "ML-DSA"));
        for (KeyPair kp : new KeyPair[] {
            KeyPairGenerator.getInstance(set, Providers.ACCEL).generateKeyPair(),
            KeyPairGenerator.getInstance(set, sun()).generateKeyPair()
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
            assertEquals(kp.getPrivate(), s1);
        }
    }

    @Test
    void familyGeneratorTakesNamedParameterSpec() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("ML-DSA", Providers.ACCEL);
        assertEquals(
                "ML-DSA-65",
                ((NamedParameterSpec) g.generateKeyPair().getPublic().getParams()).getName());
        g.initialize(NamedParameterSpec.ML_DSA_87);
        assertEquals(
                "ML-DSA-87",
                ((NamedParameterSpec) g.generateKeyPair().getPublic().getParams()).getName());
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> KeyPairGenerator.getInstance("ML-DSA-44", Providers.ACCEL)
                        .initialize(NamedParameterSpec.ML_DSA_65));
    }

    @Test
    void badInputGivesTheJdkExceptions() throws Exception {
        KeyPair kp44 =
                KeyPairGenerator.getInstance("ML-DSA-44", Providers.ACCEL).generateKeyPair();
        KeyPair kem =
                KeyPairGenerator.getInstance("ML-KEM-512", Providers.ACCEL).generateKeyPair();
        KeyPair ec = KeyPairGenerator.getInstance("EC", "SunEC").generateKeyPair();
        for (Provider p : new Provider[] {Providers.ACCEL, sun()}) {
            assertThrows(
                    InvalidKeyException.class,
                    () -> Signature.getInstance("ML-DSA-65", p).initSign(kp44.getPrivate()),
                    p.getName());
            assertThrows(
                    InvalidKeyException.class,
                    () -> Signature.getInstance("ML-DSA", p).initVerify(kem.getPublic()),
                    p.getName());
            assertThrows(
                    InvalidKeyException.class,
                    () -> Signature.getInstance("ML-DSA", p).initSign(ec.getPrivate()),
                    p.getName());
            Signature s = Signature.getInstance("ML-DSA", p);
            assertThrows(InvalidAlgorithmParameterException.class, () -> s.setParameter(NamedParameterSpec.ML_DSA_44));
            s.setParameter(null);
            assertNull(s.getParameters());
            s.initSign(kp44.getPrivate());
            s.update(new byte[] {1, 2, 3});
            byte[] sig = s.sign();
            s.initVerify(kp44.getPublic());
            for (byte[] bad :
                    new byte[][] {new byte[0], Arrays.copyOf(sig, sig.length - 1), Arrays.copyOf(sig, sig.length + 1)
                    }) {
                s.update(new byte[] {1, 2, 3});
                SignatureException e = assertThrows(SignatureException.class, () -> s.verify(bad), p.getName());
                assertEquals("Incorrect signature length", e.getMessage());
            }
            byte[] badHints = sig.clone();
            badHints[badHints.length - 1] = (byte) 0xFF; // last row ends beyond omega
            s.update(new byte[] {1, 2, 3});
            SignatureException e = assertThrows(SignatureException.class, () -> s.verify(badHints), p.getName());
            assertEquals("Invalid hints encoding", e.getMessage());
            s.update(new byte[] {1, 2, 3});
            assertTrue(s.verify(sig));
        }
        kp44.getPrivate().destroy();
        assertThrows(
                InvalidKeyException.class,
                () -> Signature.getInstance("ML-DSA", Providers.ACCEL).initSign(kp44.getPrivate()));
    }

    @Test
    void rawKeysOfOtherProvidersGoToTheJdk() throws Exception {
        KeyPair kp = KeyPairGenerator.getInstance("ML-DSA-44", sun()).generateKeyPair();
        byte[] raw = KeyFactory.getInstance("ML-DSA", Providers.jdk("KeyFactory", "ML-DSA"))
                .getKeySpec(kp.getPrivate(), java.security.spec.EncodedKeySpec.class)
                .getEncoded();
        PrivateKey rawKey = new PrivateKey() {
            @Override
            public String getAlgorithm() {
                return "ML-DSA";
            }

            @Override
            public String getFormat() {
                return "RAW";
            }

            @Override
            public byte[] getEncoded() {
                return raw.clone();
            }

            @Override
            public NamedParameterSpec getParams() {
                return NamedParameterSpec.ML_DSA_44;
            }
        };
        Signature a = Signature.getInstance("ML-DSA", Providers.ACCEL);
        a.initSign(rawKey);
        a.update(new byte[7]);
        byte[] sig = a.sign();
        Signature j = Signature.getInstance("ML-DSA", sun());
        j.initVerify(kp.getPublic());
        j.update(new byte[7]);
        assertTrue(j.verify(sig));
    }

    @Test
    void switchedOffServesTheJdkWithTheSameResults() throws Exception {
        KeyPair kp = KeyPairGenerator.getInstance("ML-DSA-65", Providers.ACCEL).generateKeyPair();
        for (String property : new String[] {"acceljce.native", "acceljce.native.mldsa"}) {
            System.setProperty(property, "false");
            dev.acceljce.control.Settings.reload();
            try {
                long before = Decisions.count("Signature", "ML-DSA", Path.JDK);
                Signature a = Signature.getInstance("ML-DSA", Providers.ACCEL);
                assertEquals(before + 1, Decisions.count("Signature", "ML-DSA", Path.JDK));
                a.initSign(kp.getPrivate());
                a.update(new byte[100]);
                byte[] sig = a.sign();
                Signature j = Signature.getInstance("ML-DSA", sun());
                j.initVerify(kp.getPublic());
                j.update(new byte[100]);
                assertTrue(j.verify(sig));
                a.initVerify(kp.getPublic());
                a.update(new byte[100]);
                assertThrows(SignatureException.class, () -> a.verify(new byte[10]));
            } finally {
                System.clearProperty(property);
                dev.acceljce.control.Settings.reload();
            }
        }
    }
}
