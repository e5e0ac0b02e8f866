package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.EdDSAParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EdDsaTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Ed25519", "Ed448"})
    void wycheproof(String alg) throws Exception {
        List<String> failures = new ArrayList<>();
        KeyFactory kf = KeyFactory.getInstance(alg, Providers.ACCEL);
        for (String sigAlg : new String[] {alg, "EdDSA"}) {
            for (Wycheproof.Case c : Wycheproof.cases(alg.toLowerCase())) {
                byte[] der =
                        HexFormat.of().parseHex(c.group().get("publicKeyDer").asText());
                PublicKey key = kf.generatePublic(new X509EncodedKeySpec(der));
                assertInstanceOf(AccelKey.class, key);
                long before = Decisions.count("Signature", sigAlg, Path.NATIVE);
                Signature s = Signature.getInstance(sigAlg, Providers.ACCEL);
                assertEquals(before + 1, Decisions.count("Signature", sigAlg, Path.NATIVE));
                s.initVerify(key);
                s.update(c.hex("msg"));
                Boolean result;
                try {
                    result = s.verify(c.hex("sig"));
                } catch (SignatureException e) {
                    result = null;
                }
                boolean accepted = Boolean.TRUE.equals(result);
                if (c.valid() != accepted) {
                    failures.add(sigAlg + " " + c + " -> " + result);
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Ed25519", "Ed448"})
    void crossProvider(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("eddsa " + alg));
        KeyPair ours = KeyPairGenerator.getInstance(alg, Providers.ACCEL).generateKeyPair();
        KeyPair jdks = KeyPairGenerator.getInstance(alg, "SunEC").generateKeyPair();
        int rounds = Math.max(5, Math.min(40, Differential.cases() / 250));
        for (int i = 0; i < rounds; i++) {
            byte[] msg = new byte[Differential.size(r) / 8];
            r.nextBytes(msg);
            for (KeyPair kp : new KeyPair[] {ours, jdks}) {
                for (String sigAlg : new String[] {alg, "EdDSA"}) {
                    Signature a = Signature.getInstance(sigAlg, Providers.ACCEL);
                    Signature j = Signature.getInstance(sigAlg, "SunEC");
                    a.initSign(kp.getPrivate());
                    int cut = r.nextInt(msg.length + 1);
                    a.update(msg, 0, cut);
                    a.update(msg, cut, msg.length - cut);
                    byte[] sig = a.sign();
                    j.initSign(kp.getPrivate());
                    j.update(msg);
                    assertArrayEquals(j.sign(), sig, "EdDSA is deterministic: identical signatures");
                    j.initVerify(kp.getPublic());
                    j.update(msg);
                    assertTrue(j.verify(sig));
                    a.initVerify(kp.getPublic());
                    a.update(msg);
                    assertTrue(a.verify(sig));
                    sig[3] ^= 1;
                    a.update(msg);
                    assertFalse(a.verify(sig));
                }
            }
        }
    }

    @Test
    void badInput() throws Exception {
        KeyPair ed25519 =
                KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL).generateKeyPair();
        KeyPair ed448 = KeyPairGenerator.getInstance("Ed448", Providers.ACCEL).generateKeyPair();
        KeyPairGenerator rsaGen = KeyPairGenerator.getInstance("RSA", "SunRsaSign");
        rsaGen.initialize(1024);
        KeyPair rsa = rsaGen.generateKeyPair();
        assertThrows(
                InvalidKeyException.class,
                () -> Signature.getInstance("Ed25519", Providers.ACCEL).initSign(ed448.getPrivate()));
        assertThrows(
                InvalidKeyException.class,
                () -> Signature.getInstance("Ed448", Providers.ACCEL).initVerify(ed25519.getPublic()));
        assertThrows(
                InvalidKeyException.class,
                () -> Signature.getInstance("EdDSA", Providers.ACCEL).initSign(rsa.getPrivate()));
        Signature s = Signature.getInstance("Ed25519", Providers.ACCEL);
        s.initVerify(ed25519.getPublic());
        for (byte[] bad : new byte[][] {new byte[0], new byte[63], new byte[65]}) {
            s.update(new byte[3]);
            assertThrows(SignatureException.class, () -> s.verify(bad));
        }
        s.update(new byte[3]);
        assertFalse(s.verify(new byte[64]), "well-formed but wrong: false, as SunEC");
    }

    @Test
    void contextVariantsAreServedByTheJdk() throws Exception {
        KeyPair kp = KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL).generateKeyPair();
        EdDSAParameterSpec ctx = new EdDSAParameterSpec(false, new byte[] {1, 2, 3});
        Signature a = Signature.getInstance("Ed25519", Providers.ACCEL);
        a.initSign(kp.getPrivate());
        a.setParameter(ctx);
        a.update(new byte[10]);
        byte[] sig = a.sign();
        Signature j = Signature.getInstance("Ed25519", "SunEC");
        j.setParameter(ctx);
        j.initVerify(kp.getPublic());
        j.update(new byte[10]);
        assertTrue(j.verify(sig));
        // back to pure EdDSA: native again
        a.setParameter(new EdDSAParameterSpec(false));
        a.update(new byte[10]);
        Signature jp = Signature.getInstance("Ed25519", "SunEC");
        jp.initVerify(kp.getPublic());
        jp.update(new byte[10]);
        assertTrue(jp.verify(a.sign()));
    }

    @Test
    void edDsaGeneratorTakesEitherCurve() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EdDSA", Providers.ACCEL);
        assertEquals(
                "Ed25519",
                ((java.security.interfaces.EdECKey) g.generateKeyPair().getPublic())
                        .getParams()
                        .getName());
        g.initialize(NamedParameterSpec.ED448);
        assertEquals(
                "Ed448",
                ((java.security.interfaces.EdECKey) g.generateKeyPair().getPublic())
                        .getParams()
                        .getName());
        g.initialize(255);
        assertEquals(
                "Ed25519",
                ((java.security.interfaces.EdECKey) g.generateKeyPair().getPublic())
                        .getParams()
                        .getName());
        KeyPairGenerator jdk = KeyPairGenerator.getInstance("EdDSA", "SunEC");
        assertThrows(KeysTestSupport.thrownBy(() -> jdk.initialize(256)), () -> g.initialize(256));
        assertThrows(
                KeysTestSupport.thrownBy(() -> jdk.initialize(NamedParameterSpec.X25519)),
                () -> g.initialize(NamedParameterSpec.X25519));
    }

    @Test
    void jdkPathGivesIdenticalBehaviour() throws Exception {
        System.setProperty("acceljce.native.eddsa", "false");
        dev.acceljce.control.Settings.reload();
        try {
            KeyPair kp =
                    KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL).generateKeyPair();
            assertEquals(
                    "sun.security.ec.ed.EdDSAPrivateKeyImpl",
                    kp.getPrivate().getClass().getName());
            long jdkBefore = Decisions.count("Signature", "Ed25519", Path.JDK);
            Signature s = Signature.getInstance("Ed25519", Providers.ACCEL);
            assertEquals(jdkBefore + 1, Decisions.count("Signature", "Ed25519", Path.JDK));
            s.initSign(kp.getPrivate());
            s.update(new byte[4]);
            byte[] sig = s.sign();
            Signature j = Signature.getInstance("Ed25519", "SunEC");
            j.initSign(kp.getPrivate());
            j.update(new byte[4]);
            assertArrayEquals(j.sign(), sig);
        } finally {
            System.clearProperty("acceljce.native.eddsa");
            dev.acceljce.control.Settings.reload();
        }
    }

    /** Messages beyond the kept native buffer (64 KiB), then small ones again, on one object. */
    @Test
    void largeAndSmallMessagesOnOneObject() throws Exception {
        KeyPair kp = KeyPairGenerator.getInstance("Ed448", Providers.ACCEL).generateKeyPair();
        Signature a = Signature.getInstance("Ed448", Providers.ACCEL);
        Signature j = Signature.getInstance("Ed448", "SunEC");
        SplittableRandom r = new SplittableRandom(3);
        for (int len : new int[] {0, 1000, 5000, 70_000, 300_000, 10}) {
            byte[] msg = new byte[len];
            r.nextBytes(msg);
            a.initSign(kp.getPrivate());
            a.update(msg);
            byte[] sig = a.sign();
            j.initSign(kp.getPrivate());
            j.update(msg);
            assertArrayEquals(j.sign(), sig, "length " + len);
            a.initVerify(kp.getPublic());
            a.update(msg);
            assertTrue(a.verify(sig));
        }
    }
}
