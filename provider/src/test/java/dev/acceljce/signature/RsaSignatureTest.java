package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import dev.acceljce.testing.WycheproofSuites;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RsaSignatureTest {
    static final String[] PKCS1 = {
        "SHA1withRSA",
        "SHA224withRSA",
        "SHA256withRSA",
        "SHA384withRSA",
        "SHA512withRSA",
        "SHA512/224withRSA",
        "SHA512/256withRSA",
        "SHA3-224withRSA",
        "SHA3-256withRSA",
        "SHA3-384withRSA",
        "SHA3-512withRSA"
    };
    static KeyPair ours;
    static KeyPair jdks;

    @BeforeAll
    static void keys() throws Exception {
        Providers.requireNative();
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", Providers.ACCEL);
        g.initialize(2048);
        ours = g.generateKeyPair();
        KeyPairGenerator j = KeyPairGenerator.getInstance("RSA", "SunRsaSign");
        j.initialize(2048);
        jdks = j.generateKeyPair();
    }

    static List<String> pkcs1Files() {
        return Wycheproof.files("rsa_signature_*_test.json");
    }

    static String pkcs1Name(String sha) {
        return sha.replace("SHA-512/", "SHA512/").replace("SHA-", "SHA") + "withRSA";
    }

    @ParameterizedTest
    @MethodSource("pkcs1Files")
    void wycheproofPkcs1(String file) throws Exception {
        KeyFactory kf = KeyFactory.getInstance("RSA", Providers.ACCEL);
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            String alg = pkcs1Name(c.group().get("sha").asText());
            PublicKey key = kf.generatePublic(new X509EncodedKeySpec(
                    HexFormat.of().parseHex(c.group().get("publicKeyDer").asText())));
            assertInstanceOf(AccelKey.class, key);
            long before = Decisions.count("Signature", alg, Path.NATIVE);
            Signature s = Signature.getInstance(alg, Providers.ACCEL);
            assertEquals(before + 1, Decisions.count("Signature", alg, Path.NATIVE));
            check(failures, c, s, key);
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
    }

    private static void check(List<String> failures, Wycheproof.Case c, Signature s, PublicKey key) throws Exception {
        s.initVerify(key);
        s.update(c.hex("msg"));
        Boolean result;
        try {
            result = s.verify(c.hex("sig"));
        } catch (SignatureException e) {
            result = null;
        }
        if (c.valid() != Boolean.TRUE.equals(result) && !"acceptable".equals(c.result())) {
            failures.add(c + " -> " + result);
        }
    }

    /**
     * Every RSASSA-PSS file except the SHAKE ones (rsa_pss_*_shake*: neither SunRsaSign nor
     * AccelJCE offers PSS with SHAKE). The "_params" files encode their key as an RSASSA-PSS key;
     * here the key is built from its modulus and exponent so that the native path is tested, with
     * the parameters of the group set on the Signature.
     */
    static List<String> pssFiles() {
        return WycheproofSuites.pssFiles();
    }

    @ParameterizedTest
    @MethodSource("pssFiles")
    void wycheproofPss(String file) throws Exception {
        KeyFactory kf = KeyFactory.getInstance("RSA", Providers.ACCEL);
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            JsonNode g = c.group();
            PublicKey key = kf.generatePublic(new RSAPublicKeySpec(
                    new BigInteger(
                            1,
                            HexFormat.of()
                                    .parseHex(g.get("publicKey").get("modulus").asText())),
                    new BigInteger(
                            1,
                            HexFormat.of()
                                    .parseHex(g.get("publicKey")
                                            .get("publicExponent")
                                            .asText()))));
            assertInstanceOf(AccelKey.class, key);
            assertEquals("MGF1", g.get("mgf").asText());
            Signature s = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
            s.setParameter(new PSSParameterSpec(
                    g.get("sha").asText(),
                    "MGF1",
                    new MGF1ParameterSpec(g.get("mgfSha").asText()),
                    g.get("sLen").asInt(),
                    1));
            check(failures, c, s, key);
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
    }

    static List<String> pkcs1Algorithms() {
        return List.of(PKCS1);
    }

    @ParameterizedTest
    @MethodSource("pkcs1Algorithms")
    void crossProviderPkcs1(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("rsa " + alg));
        for (int i = 0; i < 3; i++) {
            byte[] msg = new byte[r.nextInt(3000)];
            r.nextBytes(msg);
            for (KeyPair kp : new KeyPair[] {ours, jdks}) {
                Signature a = Signature.getInstance(alg, Providers.ACCEL);
                Signature j = Signature.getInstance(alg, "SunRsaSign");
                a.initSign(kp.getPrivate());
                a.update(msg);
                byte[] sig = a.sign();
                j.initSign(kp.getPrivate());
                j.update(msg);
                assertTrue(java.util.Arrays.equals(j.sign(), sig), alg + ": PKCS#1 v1.5 is deterministic");
                j.initVerify(kp.getPublic());
                j.update(msg);
                assertTrue(j.verify(sig));
                a.initVerify(kp.getPublic());
                a.update(msg);
                assertTrue(a.verify(sig));
                sig[10] ^= 1;
                a.update(msg);
                assertFalse(a.verify(sig));
            }
        }
    }

    static List<PSSParameterSpec> pssSpecs() {
        return List.of(
                PSSParameterSpec.DEFAULT,
                new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1),
                new PSSParameterSpec("SHA-384", "MGF1", MGF1ParameterSpec.SHA384, 48, 1),
                new PSSParameterSpec("SHA-512", "MGF1", MGF1ParameterSpec.SHA256, 0, 1),
                new PSSParameterSpec("SHA-512/256", "MGF1", MGF1ParameterSpec.SHA512_256, 32, 1),
                new PSSParameterSpec("SHA3-256", "MGF1", MGF1ParameterSpec.SHA3_256, 20, 1));
    }

    @ParameterizedTest
    @MethodSource("pssSpecs")
    void crossProviderPss(PSSParameterSpec spec) throws Exception {
        byte[] msg = "a message".getBytes();
        for (KeyPair kp : new KeyPair[] {ours, jdks}) {
            Signature a = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
            Signature j = Signature.getInstance("RSASSA-PSS", "SunRsaSign");
            a.initSign(kp.getPrivate());
            a.setParameter(spec);
            a.update(msg);
            byte[] sig = a.sign();
            j.setParameter(spec);
            j.initVerify(kp.getPublic());
            j.update(msg);
            assertTrue(j.verify(sig), spec.toString());
            j.initSign(kp.getPrivate());
            j.update(msg);
            byte[] jsig = j.sign();
            a.initVerify(kp.getPublic());
            a.update(msg);
            assertTrue(a.verify(jsig));
            a.update(msg);
            assertTrue(a.verify(sig));
            // parameters travel through AlgorithmParameters, in both directions
            AlgorithmParameters ap = a.getParameters();
            assertEquals(
                    HexFormat.of().formatHex(j.getParameters().getEncoded()),
                    HexFormat.of().formatHex(ap.getEncoded()));
            Signature viaParams = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
            viaParams.setParameter(j.getParameters().getParameterSpec(PSSParameterSpec.class));
            viaParams.initVerify(kp.getPublic());
            viaParams.update(msg);
            assertTrue(viaParams.verify(jsig));
        }
    }

    @Test
    void pssNeedsParameters() throws Exception {
        Signature a = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
        assertNull(a.getParameters());
        a.initSign(ours.getPrivate());
        // as SunJCE: no message bytes before the parameters (found by SignatureFuzzTest)
        assertThrows(SignatureException.class, () -> a.update(new byte[1]));
        assertThrows(SignatureException.class, a::sign);
        Signature j = Signature.getInstance("RSASSA-PSS", "SunRsaSign");
        for (java.security.spec.AlgorithmParameterSpec bad : new java.security.spec.AlgorithmParameterSpec[] {
            null,
            new java.security.spec.ECGenParameterSpec("secp256r1"),
            new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 2)
        }) {
            assertThrows(KeysTestSupport.thrownBy(() -> j.setParameter(bad)), () -> a.setParameter(bad));
        }
        // a salt too long for the key: refused as the JDK refuses it, after init and before
        PSSParameterSpec tooLong = new PSSParameterSpec("SHA-512", "MGF1", MGF1ParameterSpec.SHA512, 250, 1);
        j.initSign(jdks.getPrivate());
        assertThrows(KeysTestSupport.thrownBy(() -> j.setParameter(tooLong)), () -> a.setParameter(tooLong));
        Signature b = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
        Signature jb = Signature.getInstance("RSASSA-PSS", "SunRsaSign");
        b.setParameter(tooLong);
        jb.setParameter(tooLong);
        assertThrows(
                KeysTestSupport.thrownBy(() -> jb.initSign(jdks.getPrivate())), () -> b.initSign(ours.getPrivate()));
    }

    @Test
    void badInput() throws Exception {
        KeyPair ec = KeyPairGenerator.getInstance("EC", Providers.ACCEL).generateKeyPair();
        Signature s = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        assertThrows(InvalidKeyException.class, () -> s.initSign(ec.getPrivate()));
        assertThrows(InvalidKeyException.class, () -> s.initVerify(ec.getPublic()));
        s.initVerify(ours.getPublic());
        Signature j = Signature.getInstance("SHA256withRSA", "SunRsaSign");
        j.initVerify(ours.getPublic());
        byte[] ff = new byte[256];
        java.util.Arrays.fill(ff, (byte) 0xFF);
        for (byte[] bad : new byte[][] {new byte[0], new byte[10], new byte[255], new byte[257], new byte[600]}) {
            j.update(new byte[2]);
            s.update(new byte[2]);
            assertThrows(KeysTestSupport.thrownBy(() -> j.verify(bad)), () -> s.verify(bad));
        }
        j.update(new byte[2]);
        s.update(new byte[2]);
        assertEquals(j.verify(ff), s.verify(ff), "a signature >= n: false, as SunRsaSign");
        // an RSASSA-PSS key into PKCS#1 v1.5: SunRsaSign takes it, and so do we (through the JDK)
        KeyPair pss = KeyPairGenerator.getInstance("RSASSA-PSS", "SunRsaSign").generateKeyPair();
        Signature s2 = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        Signature j2 = Signature.getInstance("SHA256withRSA", "SunRsaSign");
        s2.initSign(pss.getPrivate());
        s2.update(new byte[2]);
        j2.initVerify(pss.getPublic());
        j2.update(new byte[2]);
        assertTrue(j2.verify(s2.sign()));
        // a 512-bit key (the JDK's minimum) cannot hold a SHA-512 DigestInfo: SignatureException
        KeyPairGenerator small = KeyPairGenerator.getInstance("RSA", Providers.ACCEL);
        small.initialize(512);
        KeyPair kp512 = small.generateKeyPair();
        Signature s3 = Signature.getInstance("SHA512withRSA", Providers.ACCEL);
        Signature j3 = Signature.getInstance("SHA512withRSA", "SunRsaSign");
        assertThrows(
                KeysTestSupport.thrownBy(() -> j3.initSign(kp512.getPrivate())), () -> s3.initSign(kp512.getPrivate()));
        assertThrows(
                KeysTestSupport.thrownBy(() -> j3.initVerify(kp512.getPublic())),
                () -> s3.initVerify(kp512.getPublic()));
        Signature s4 = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        s4.initSign(kp512.getPrivate());
        s4.update(new byte[1]);
        Signature j4 = Signature.getInstance("SHA256withRSA", "SunRsaSign");
        j4.initVerify(kp512.getPublic());
        j4.update(new byte[1]);
        assertTrue(j4.verify(s4.sign()), "a 512-bit key works where the DigestInfo fits");
    }

    @Test
    void generatorChecksArgumentsAsTheJdk() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", Providers.ACCEL);
        KeyPairGenerator j = KeyPairGenerator.getInstance("RSA", "SunRsaSign");
        for (int bits : new int[] {511, 0, 16385}) {
            assertThrows(KeysTestSupport.thrownBy(() -> j.initialize(bits)), () -> g.initialize(bits));
        }
        for (BigInteger e : new BigInteger[] {BigInteger.TWO, BigInteger.ONE, BigInteger.valueOf(65536)}) {
            RSAKeyGenParameterSpec spec = new RSAKeyGenParameterSpec(2048, e);
            assertThrows(KeysTestSupport.thrownBy(() -> j.initialize(spec)), () -> g.initialize(spec));
        }
        g.initialize(new RSAKeyGenParameterSpec(2048, BigInteger.valueOf(3)));
        KeyPair kp = g.generateKeyPair();
        assertInstanceOf(AccelKey.class, kp.getPrivate());
        assertEquals(
                BigInteger.valueOf(3), ((java.security.interfaces.RSAPublicKey) kp.getPublic()).getPublicExponent());
        assertEquals(
                2048,
                ((java.security.interfaces.RSAPublicKey) kp.getPublic())
                        .getModulus()
                        .bitLength());
    }

    @Test
    void jdkPathGivesIdenticalBehaviour() throws Exception {
        System.setProperty("acceljce.native.rsa", "false");
        dev.acceljce.control.Settings.reload();
        try {
            long jdkBefore = Decisions.count("Signature", "SHA256withRSA", Path.JDK);
            Signature a = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
            assertEquals(jdkBefore + 1, Decisions.count("Signature", "SHA256withRSA", Path.JDK));
            a.initSign(jdks.getPrivate());
            a.update(new byte[3]);
            Signature j = Signature.getInstance("SHA256withRSA", "SunRsaSign");
            j.initSign(jdks.getPrivate());
            j.update(new byte[3]);
            assertEquals(HexFormat.of().formatHex(j.sign()), HexFormat.of().formatHex(a.sign()));
        } finally {
            System.clearProperty("acceljce.native.rsa");
            dev.acceljce.control.Settings.reload();
        }
    }

    /** A foreign RSA public key (no JDK class) with any modulus, encoded as X.509 by hand. */
    record ForeignRsaKey(BigInteger modulus, BigInteger exponent) implements java.security.interfaces.RSAPublicKey {
        @Override
        public BigInteger getModulus() {
            return modulus;
        }

        @Override
        public BigInteger getPublicExponent() {
            return exponent;
        }

        @Override
        public String getAlgorithm() {
            return "RSA";
        }

        @Override
        public String getFormat() {
            return "X.509";
        }

        @Override
        public byte[] getEncoded() {
            byte[] rsaKey = der(0x30, concat(der(0x02, modulus.toByteArray()), der(0x02, exponent.toByteArray())));
            byte[] algId = HexFormat.of().parseHex("300d06092a864886f70d0101010500");
            return der(0x30, concat(algId, der(0x03, concat(new byte[1], rsaKey))));
        }

        private static byte[] concat(byte[] a, byte[] b) {
            byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, out, a.length, b.length);
            return out;
        }

        private static byte[] der(int tag, byte[] body) {
            int n = body.length;
            byte[] len = n < 0x80
                    ? new byte[] {(byte) n}
                    : n < 0x100
                            ? new byte[] {(byte) 0x81, (byte) n}
                            : new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
            return concat(concat(new byte[] {(byte) tag}, len), body);
        }
    }

    private static String factoryOutcome(KeyFactory kf, RSAPublicKeySpec spec) {
        try {
            return "accepted "
                    + ((java.security.interfaces.RSAKey) kf.generatePublic(spec))
                            .getModulus()
                            .bitLength();
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    private static String initOutcome(String provider, PublicKey key) {
        try {
            Signature s = provider == null
                    ? Signature.getInstance("SHA256withRSA", Providers.ACCEL)
                    : Signature.getInstance("SHA256withRSA", provider);
            s.initVerify(key);
            s.update(new byte[3]);
            return "init ok, verify "
                    + s.verify(
                            new byte
                                    [(((java.security.interfaces.RSAKey) key)
                                                            .getModulus()
                                                            .bitLength()
                                                    + 7)
                                            / 8]);
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    /**
     * Small (256, 511 bits) and huge (16392 bits) moduli: the same outcome as SunRsaSign from the
     * KeyFactory and at init and verify with a foreign key. A 16392-bit modulus is accepted by both; a wrong signature for it gives false.
     */
    @Test
    void tinyAndHugeModuli() throws Exception {
        KeyFactory ours = KeyFactory.getInstance("RSA", Providers.ACCEL);
        KeyFactory jdk = KeyFactory.getInstance("RSA", "SunRsaSign");
        SplittableRandom r = new SplittableRandom(7);
        for (int bits : new int[] {256, 511}) {
            BigInteger n = new BigInteger(bits, new java.util.Random(r.nextLong()))
                    .setBit(bits - 1)
                    .setBit(0);
            RSAPublicKeySpec spec = new RSAPublicKeySpec(n, RSAKeyGenParameterSpec.F4);
            // the JDK rounds the size up to a byte multiple: 511 bits passes, 256 does not
            assertEquals(factoryOutcome(jdk, spec), factoryOutcome(ours, spec), bits + " bits");
            // SunRsaSign sets no minimum for another provider's key at init, only that the
            // DigestInfo fits: 256 bits is refused, 511 accepted
            ForeignRsaKey foreign = new ForeignRsaKey(n, RSAKeyGenParameterSpec.F4);
            assertEquals(initOutcome("SunRsaSign", foreign), initOutcome(null, foreign), bits + " bits");
        }
        BigInteger huge =
                new BigInteger(16392, new java.util.Random(5)).setBit(16391).setBit(0);
        RSAPublicKeySpec hugeSpec = new RSAPublicKeySpec(huge, RSAKeyGenParameterSpec.F4);
        assertEquals(factoryOutcome(jdk, hugeSpec), factoryOutcome(ours, hugeSpec), "16392 bits");
        ForeignRsaKey hugeForeign = new ForeignRsaKey(huge, RSAKeyGenParameterSpec.F4);
        assertEquals(initOutcome("SunRsaSign", hugeForeign), initOutcome(null, hugeForeign), "16392 bits foreign");
        // a foreign key of an ordinary size is imported and verifies natively
        java.security.interfaces.RSAPublicKey pub =
                (java.security.interfaces.RSAPublicKey) RsaSignatureTest.ours.getPublic();
        ForeignRsaKey foreign = new ForeignRsaKey(pub.getModulus(), pub.getPublicExponent());
        Signature s = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        s.initSign(RsaSignatureTest.ours.getPrivate());
        s.update(new byte[7]);
        byte[] sig = s.sign();
        s.initVerify(foreign);
        s.update(new byte[7]);
        assertTrue(s.verify(sig));
    }
}
