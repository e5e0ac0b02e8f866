package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import dev.acceljce.testing.WycheproofSuites;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class EcdsaTest {
    static final String[] CURVES = {"secp256r1", "secp384r1", "secp521r1"};
    static final String[] DIGESTS = {
        "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512"
    };

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    /**
     * Every Wycheproof ECDSA file of the served curves with a SHA-2/SHA-3 digest, DER and P1363.
     * SHAKE-based files are not listed: neither SunEC nor AccelJCE offers ECDSA with SHAKE.
     */
    static List<String> wycheproofFiles() {
        return WycheproofSuites.ecdsaFiles();
    }

    static String algorithmOf(String sha, boolean p1363) {
        return sha.replace("SHA-", "SHA") + "withECDSA" + (p1363 ? "inP1363Format" : "");
    }

    @ParameterizedTest
    @MethodSource("wycheproofFiles")
    void wycheproof(String file) throws Exception {
        boolean p1363 = file.contains("p1363");
        KeyFactory kf = KeyFactory.getInstance("EC", Providers.ACCEL);
        KeyFactory jdkKf = KeyFactory.getInstance("EC", "SunEC");
        int checked = 0;
        List<String> failures = new ArrayList<>();
        java.util.Map<String, PublicKey> keys = new java.util.HashMap<>();
        java.util.Map<String, PublicKey> jdkKeys = new java.util.HashMap<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            String alg = algorithmOf(c.group().get("sha").asText(), p1363);
            String hex = c.group().get("publicKeyDer").asText();
            byte[] der = HexFormat.of().parseHex(hex);
            PublicKey key = keys.computeIfAbsent(hex, h -> generate(kf, der));
            long before = Decisions.count("Signature", alg, Path.NATIVE);
            Signature ours = Signature.getInstance(alg, Providers.ACCEL);
            assertEquals(before + 1, Decisions.count("Signature", alg, Path.NATIVE), alg + " served natively");
            ours.initVerify(key);
            ours.update(c.hex("msg"));
            Boolean result;
            try {
                result = ours.verify(c.hex("sig"));
            } catch (SignatureException e) {
                result = null;
            }
            boolean accepted = Boolean.TRUE.equals(result);
            if (c.valid() && !accepted || c.invalid() && accepted) {
                failures.add(c + " -> " + result);
            }
            if (c.valid()) {
                checked++;
                continue;
            }
            // where SunEC refuses with an exception, so do we
            Signature jdk = Signature.getInstance(alg, "SunEC");
            jdk.initVerify(jdkKeys.computeIfAbsent(hex, h -> generate(jdkKf, der)));
            jdk.update(c.hex("msg"));
            try {
                jdk.verify(c.hex("sig"));
            } catch (SignatureException e) {
                if (result != null) {
                    failures.add(c + ": SunEC throws " + e + " but AccelJCE returned " + result);
                }
            }
            checked++;
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures in " + file + ":\n" + String.join("\n", failures));
        assertTrue(checked > 0);
    }

    private static PublicKey generate(KeyFactory kf, byte[] der) {
        try {
            return kf.generatePublic(new X509EncodedKeySpec(der));
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static List<String> algorithms() {
        List<String> out = new ArrayList<>();
        for (String d : DIGESTS) {
            out.add(d + "withECDSA");
            out.add(d + "withECDSAinP1363Format");
        }
        return out;
    }

    /** Ours signs, the JDK verifies, and the reverse; with our keys and the JDK's, every curve. */
    @ParameterizedTest
    @MethodSource("algorithms")
    void crossProvider(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("ecdsa " + alg));
        int rounds = Math.max(2, Math.min(3, Differential.cases() / 2500));
        for (String curve : CURVES) {
            KeyPair ourPair = generate("ours", curve);
            KeyPair jdkPair = generate(null, curve);
            for (int i = 0; i < rounds; i++) {
                byte[] msg = new byte[Math.max(1, Differential.size(r))];
                r.nextBytes(msg);
                for (KeyPair kp : new KeyPair[] {ourPair, jdkPair}) {
                    Signature ours = Signature.getInstance(alg, Providers.ACCEL);
                    Signature jdk = Signature.getInstance(alg, "SunEC");
                    ours.initSign(kp.getPrivate());
                    int cut = r.nextInt(msg.length + 1);
                    ours.update(msg, 0, cut);
                    ours.update(java.nio.ByteBuffer.wrap(msg, cut, msg.length - cut));
                    byte[] sig = ours.sign();
                    jdk.initVerify(kp.getPublic());
                    jdk.update(msg);
                    assertTrue(jdk.verify(sig), alg + " " + curve + ": JDK verifies ours");
                    jdk.initSign(kp.getPrivate());
                    jdk.update(msg);
                    byte[] jdkSig = jdk.sign();
                    ours.initVerify(kp.getPublic());
                    ours.update(msg);
                    assertTrue(ours.verify(jdkSig), alg + " " + curve + ": ours verifies the JDK's");
                    msg[0]++;
                    ours.update(msg);
                    assertFalse(ours.verify(jdkSig), alg + " " + curve + ": changed message");
                }
            }
        }
    }

    static KeyPair generate(String who, String curve) throws Exception {
        KeyPairGenerator g = who == null
                ? KeyPairGenerator.getInstance("EC", "SunEC")
                : KeyPairGenerator.getInstance("EC", Providers.ACCEL);
        g.initialize(new ECGenParameterSpec(curve));
        return g.generateKeyPair();
    }

    @Test
    void rawEcdsa() throws Exception {
        KeyPair kp = generate("ours", "secp256r1");
        for (String alg : new String[] {"NONEwithECDSA", "NONEwithECDSAinP1363Format"}) {
            for (int len : new int[] {0, 1, 20, 32, 48, 64}) {
                byte[] data = new byte[len];
                new SplittableRandom(len).nextBytes(data);
                Signature ours = Signature.getInstance(alg, Providers.ACCEL);
                ours.initSign(kp.getPrivate());
                ours.update(data);
                byte[] sig = ours.sign();
                Signature jdk = Signature.getInstance(alg, "SunEC");
                jdk.initVerify(kp.getPublic());
                jdk.update(data);
                assertTrue(jdk.verify(sig), alg + " " + len);
            }
            Signature ours = Signature.getInstance(alg, Providers.ACCEL);
            ours.initSign(kp.getPrivate());
            for (int i = 0; i < 65; i++) {
                ours.update((byte) i);
            }
            assertThrows(SignatureException.class, ours::sign, "more than 64 bytes, as SunEC");
            ours.update(new byte[10]);
            ours.sign(); // the failed call reset the message
        }
    }

    @Test
    void badInput() throws Exception {
        KeyPair ec = generate("ours", "secp256r1");
        KeyPairGenerator rsaGen = KeyPairGenerator.getInstance("RSA", "SunRsaSign");
        rsaGen.initialize(1024);
        KeyPair rsa = rsaGen.generateKeyPair();
        Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
        assertThrows(InvalidKeyException.class, () -> s.initSign(rsa.getPrivate()));
        assertThrows(InvalidKeyException.class, () -> s.initVerify(rsa.getPublic()));
        s.initSign(ec.getPrivate());
        s.update(new byte[5]);
        byte[] sig = s.sign();
        s.initVerify(ec.getPublic());
        for (byte[] bad : new byte[][] {
            new byte[0],
            new byte[8],
            java.util.Arrays.copyOf(sig, sig.length - 1),
            java.util.Arrays.copyOf(sig, sig.length + 1)
        }) {
            Signature jdk = Signature.getInstance("SHA256withECDSA", "SunEC");
            jdk.initVerify(ec.getPublic());
            jdk.update(new byte[5]);
            assertThrows(SignatureException.class, () -> jdk.verify(bad));
            s.update(new byte[5]);
            assertThrows(SignatureException.class, () -> s.verify(bad));
        }
        s.update(new byte[5]);
        assertTrue(s.verify(sig), "usable after failures");
        // P1363 of the wrong length: false, as SunEC
        Signature p = Signature.getInstance("SHA256withECDSAinP1363Format", Providers.ACCEL);
        p.initVerify(ec.getPublic());
        p.update(new byte[5]);
        assertFalse(p.verify(new byte[63]));
        // a key on another curve than the parameters set
        KeyPair p384 = generate("ours", "secp384r1");
        Signature q = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
        q.initSign(p384.getPrivate());
        assertThrows(
                java.security.InvalidAlgorithmParameterException.class,
                () -> q.setParameter(new ECGenParameterSpec("secp256r1")));
    }

    @Test
    void destroyedKeyIsRefused() throws Exception {
        KeyPair kp = generate("ours", "secp256r1");
        Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
        s.initSign(kp.getPrivate());
        kp.getPrivate().destroy();
        assertTrue(kp.getPrivate().isDestroyed());
        assertThrows(SignatureException.class, s::sign);
        assertThrows(InvalidKeyException.class, () -> s.initSign(kp.getPrivate()));
        assertThrows(IllegalStateException.class, kp.getPrivate()::getEncoded);
    }

    @Test
    void sameKeyReusesContext() throws Exception {
        KeyPair kp = generate("ours", "secp256r1");
        Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
        Signature v = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
        v.initVerify(kp.getPublic());
        for (int i = 0; i < 50; i++) {
            s.initSign(kp.getPrivate());
            s.update((byte) i);
            byte[] sig = s.sign();
            v.initVerify(kp.getPublic());
            v.update((byte) i);
            assertTrue(v.verify(sig));
        }
    }

    @Test
    void jdkPathGivesIdenticalBehaviour() throws Exception {
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            long jdkBefore = Decisions.count("Signature", "SHA256withECDSA", Path.JDK);
            Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            assertEquals(jdkBefore + 1, Decisions.count("Signature", "SHA256withECDSA", Path.JDK));
            KeyPair kp = KeyPairGenerator.getInstance("EC", Providers.ACCEL).generateKeyPair();
            assertEquals(
                    "sun.security.ec.ECPrivateKeyImpl",
                    kp.getPrivate().getClass().getName());
            s.initSign(kp.getPrivate());
            s.update(new byte[3]);
            byte[] sig = s.sign();
            Signature v = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            v.initVerify(kp.getPublic());
            v.update(new byte[3]);
            assertTrue(v.verify(sig));
            v.update(new byte[3]);
            assertThrows(SignatureException.class, () -> v.verify(new byte[8]));
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

    /** Keys on curves outside the native set go to SunEC, which decides as it does alone. */
    @Test
    void otherCurvesBehaveAsSunEc() throws Exception {
        for (String file : new String[] {
            "ecdsa_secp256k1_sha256_test.json",
            "ecdsa_brainpoolP256r1_sha256_test.json",
            "ecdsa_secp224r1_sha224_test.json"
        }) {
            Wycheproof.Case c = Wycheproof.cases(file).get(0);
            byte[] der = HexFormat.of().parseHex(c.group().get("publicKeyDer").asText());
            String outcomeJdk = outcome("SunEC", der, c);
            String outcomeOurs = outcome(null, der, c);
            assertEquals(outcomeJdk, outcomeOurs, file);
        }
    }

    private static String outcome(String provider, byte[] der, Wycheproof.Case c) {
        try {
            KeyFactory kf = provider == null
                    ? KeyFactory.getInstance("EC", Providers.ACCEL)
                    : KeyFactory.getInstance("EC", provider);
            PublicKey key = kf.generatePublic(new X509EncodedKeySpec(der));
            Signature s = provider == null
                    ? Signature.getInstance("SHA256withECDSA", Providers.ACCEL)
                    : Signature.getInstance("SHA256withECDSA", provider);
            s.initVerify(key);
            s.update(c.hex("msg"));
            return String.valueOf(s.verify(c.hex("sig")));
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }
}
