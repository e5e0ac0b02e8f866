package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.keys.AccelKey;
import dev.acceljce.service.Capabilities;
import dev.acceljce.testing.Providers;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.EdDSAParameterSpec;
import java.security.spec.RSAPrivateKeySpec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A native-path object that hands a case to the JDK's provider internally counts that work on the
 * JDK path of its service: for each hand-off, a scripted operation and the exact counter deltas
 * (no native operation or byte, one JDK operation with its bytes, the object on the native path
 * plus its JDK hand-off registered once), and the same answer as the JDK's provider.
 */
class HandOffCountersTest {
    /** A 2048-bit RSA key from the JDK, and the same key without CRT components (n, d only). */
    private static KeyPair rsa;

    private static PrivateKey rsaNonCrt;

    @BeforeAll
    static void keys() throws Exception {
        Providers.requireNative();
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", Providers.jdk("KeyPairGenerator", "RSA"));
        g.initialize(2048);
        rsa = g.generateKeyPair();
        RSAPrivateCrtKey crt = (RSAPrivateCrtKey) rsa.getPrivate();
        rsaNonCrt = KeyFactory.getInstance("RSA", Providers.jdk("KeyFactory", "RSA"))
                .generatePrivate(new RSAPrivateKeySpec(crt.getModulus(), crt.getPrivateExponent()));
    }

    /** Native object created, nothing counted natively, {@code ops} JDK operations over {@code bytes}. */
    private static void assertHandedOff(Counters.Row before, int ops, long bytes) {
        Counters.Row d = CounterDeltas.since(before);
        String s = before.service() + ": " + d;
        assertEquals(0, d.nativeOps(), s);
        assertEquals(0, d.nativeBytes(), s);
        assertEquals(ops, d.jdkOps(), s);
        assertEquals(bytes, d.jdkBytes(), s);
        assertEquals(1, d.nativeObjects(), s + " (the object the decision point made)");
        assertEquals(1, d.jdkObjects(), s + " (its hand-off to the JDK, registered once)");
    }

    @Test
    void aesModesOpenSslIsNotUsedForCountOnTheJdkPath() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        IvParameterSpec iv = new IvParameterSpec(new byte[16]);
        // PCBC with padding: update 7 + doFinal 13 = 1 operation over 20 bytes
        Counters.Row before = Counters.of("Cipher.AES");
        Cipher pcbc = Cipher.getInstance("AES/PCBC/PKCS5Padding", Providers.ACCEL);
        pcbc.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] head = pcbc.update(new byte[7]);
        byte[] tail = pcbc.doFinal(new byte[13]);
        assertHandedOff(before, 1, 20);
        Cipher jdk = Cipher.getInstance("AES/PCBC/PKCS5Padding", Providers.jdk("Cipher", "AES"));
        jdk.init(Cipher.ENCRYPT_MODE, key, iv);
        assertArrayEquals(jdk.doFinal(new byte[20]), concat(head, tail));

        // CTS: one doFinal over 33 bytes
        before = Counters.of("Cipher.AES");
        Cipher cts = Cipher.getInstance("AES/CTS/NoPadding", Providers.ACCEL);
        cts.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] ct = cts.doFinal(new byte[33]);
        assertHandedOff(before, 1, 33);
        jdk = Cipher.getInstance("AES/CTS/NoPadding", Providers.jdk("Cipher", "AES"));
        jdk.init(Cipher.ENCRYPT_MODE, key, iv);
        assertArrayEquals(jdk.doFinal(new byte[33]), ct);
    }

    @Test
    void gcmIvLongerThanOpenSslTakesCountsOnTheJdkPath() throws Exception {
        Settings.set("acceljce.engine.gcm", "openssl"); // the hand-off is OpenSSL's; AWS-LC takes such IVs
        try {
            longGcmIv(true);
        } finally {
            Settings.set("acceljce.engine.gcm", null);
        }
    }

    @Test
    void gcmIvLongerThanOpenSslTakesRunsNativelyOnAwsLc() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(dev.acceljce.awslc.AwsLc.isAvailable(), "AWS-LC is not loaded");
        Settings.set("acceljce.engine.gcm", "awslc");
        try {
            longGcmIv(false);
        } finally {
            Settings.set("acceljce.engine.gcm", null);
        }
    }

    /** Encrypts and decrypts under a 129-byte IV, checks against SunJCE and where it was counted. */
    private static void longGcmIv(boolean handedOff) throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        byte[] longIv = new byte[129];
        longIv[0] = 1;
        GCMParameterSpec spec = new GCMParameterSpec(128, longIv);
        Counters.Row before = Counters.of("Cipher.AES/GCM/NoPadding");
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
        c.init(Cipher.ENCRYPT_MODE, key, spec);
        c.updateAAD(new byte[5]);
        byte[] head = c.update(new byte[10]);
        byte[] tail = c.doFinal(new byte[6]); // 1 operation, 16 bytes (AAD not counted)
        byte[] ct = concat(head, tail);
        c.init(Cipher.DECRYPT_MODE, key, spec);
        c.updateAAD(new byte[5]);
        assertArrayEquals(new byte[16], c.doFinal(ct)); // 1 operation, 32 bytes (ciphertext and tag)
        if (handedOff) {
            assertHandedOff(before, 2, 16 + 32);
        } else {
            Counters.Row d = CounterDeltas.since(before);
            assertEquals(2, d.nativeOps(), d.toString());
            assertEquals(0, d.jdkOps(), d.toString());
        }

        Cipher jdk = Cipher.getInstance("AES/GCM/NoPadding", Providers.jdk("Cipher", "AES/GCM/NoPadding"));
        jdk.init(Cipher.ENCRYPT_MODE, key, spec);
        jdk.updateAAD(new byte[5]);
        assertArrayEquals(jdk.doFinal(new byte[16]), ct);
    }

    @Test
    void hkdfInfoLongerThanOpenSslTakesCountsOnTheJdkPath() throws Exception {
        byte[] info = new byte[32 * 1024 + 1];
        info[7] = 7;
        HKDFParameterSpec both =
                HKDFParameterSpec.ofExtract().addIKM(new byte[20]).thenExpand(info, 42);
        Counters.Row before = Counters.of("KDF.HKDF-SHA256");
        KDF kdf;
        Settings.set("acceljce.engine.kdf", "openssl"); // AWS-LC has no info limit: nothing to hand off
        try {
            kdf = KDF.getInstance("HKDF-SHA256", Providers.ACCEL);
        } finally {
            Settings.set("acceljce.engine.kdf", null);
        }
        byte[] out = kdf.deriveData(both); // 1 operation, 42 output bytes
        assertHandedOff(before, 1, 42);
        assertArrayEquals(
                KDF.getInstance("HKDF-SHA256", Providers.jdk("KDF", "HKDF-SHA256"))
                        .deriveData(both),
                out);

        // the same object with a short info: native again, the hand-off tally not registered again
        kdf.deriveData(HKDFParameterSpec.ofExtract().addIKM(new byte[20]).thenExpand(new byte[3], 17));
        Counters.Row d = CounterDeltas.since(before);
        assertEquals(1, d.nativeOps());
        assertEquals(17, d.nativeBytes());
        assertEquals(1, d.jdkObjects());
    }

    @Test
    void rsaSignatureWithANonCrtKeyCountsOnTheJdkPath() throws Exception {
        byte[] message = new byte[100];
        Counters.Row before = Counters.of("Signature.SHA256withRSA");
        Signature s = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        s.initSign(rsaNonCrt);
        s.update(message, 0, 60);
        s.update(message, 60, 40);
        byte[] sig = s.sign(); // 1 operation, 100 bytes
        assertHandedOff(before, 1, 100);
        Signature jdk = Signature.getInstance("SHA256withRSA", Providers.jdk("Signature", "SHA256withRSA"));
        jdk.initSign(rsa.getPrivate());
        jdk.update(message);
        assertArrayEquals(jdk.sign(), sig);
    }

    @Test
    void rsaDecryptionWithANonCrtKeyCountsOnTheJdkPath() throws Exception {
        Cipher enc = Cipher.getInstance("RSA/ECB/PKCS1Padding", Providers.jdk("Cipher", "RSA"));
        enc.init(Cipher.ENCRYPT_MODE, rsa.getPublic());
        byte[] ct = enc.doFinal(new byte[] {1, 2, 3});
        Counters.Row before = Counters.of("Cipher.RSA");
        Cipher c = Cipher.getInstance("RSA/ECB/PKCS1Padding", Providers.ACCEL);
        c.init(Cipher.DECRYPT_MODE, rsaNonCrt);
        c.update(ct, 0, 56);
        byte[] pt = c.doFinal(ct, 56, ct.length - 56); // 1 operation, 256 bytes
        assertHandedOff(before, 1, ct.length);
        assertArrayEquals(new byte[] {1, 2, 3}, pt);
    }

    @Test
    void rsaKeyFactoryKeepsANonCrtKeyAsTheJdkMadeItAndCountsItThere() throws Exception {
        RSAPrivateCrtKey crt = (RSAPrivateCrtKey) rsa.getPrivate();
        Counters.Row before = Counters.of("KeyFactory.RSA");
        KeyFactory kf = KeyFactory.getInstance("RSA", Providers.ACCEL);
        PrivateKey k = kf.generatePrivate(new RSAPrivateKeySpec(crt.getModulus(), crt.getPrivateExponent()));
        assertFalse(k instanceof AccelKey);
        assertHandedOff(before, 1, 0);
        // a CRT key from the same factory is OpenSSL's: native
        assertTrue(kf.translateKey(rsa.getPrivate()) instanceof AccelKey);
        assertTrue(
                kf.generatePublic(new java.security.spec.X509EncodedKeySpec(
                                rsa.getPublic().getEncoded()))
                        instanceof AccelKey);
        assertEquals(1, CounterDeltas.since(before).nativeOps());
    }

    @Test
    void rsaKeyGenerationOutsideTheNativeSizesCountsOnTheJdkPath() throws Exception {
        Counters.Row before = Counters.of("KeyPairGenerator.RSA");
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", Providers.ACCEL);
        g.initialize(1024);
        KeyPair p = g.generateKeyPair();
        assertHandedOff(before, 1, 0);
        assertEquals(
                1024,
                ((java.security.interfaces.RSAPublicKey) p.getPublic())
                        .getModulus()
                        .bitLength());
    }

    @Test
    void edDsaWithAContextCountsOnTheJdkPath() throws Exception {
        KeyPair ed = KeyPairGenerator.getInstance("Ed25519", Providers.jdk("KeyPairGenerator", "Ed25519"))
                .generateKeyPair();
        EdDSAParameterSpec context = new EdDSAParameterSpec(false, new byte[] {1, 2, 3});
        byte[] message = new byte[50];
        Counters.Row before = Counters.of("Signature.Ed25519");
        Signature s = Signature.getInstance("Ed25519", Providers.ACCEL);
        s.setParameter(context);
        s.initSign(ed.getPrivate());
        s.update(message);
        byte[] sig = s.sign(); // 1 operation, 50 bytes
        assertHandedOff(before, 1, 50);
        Signature jdk = Signature.getInstance("Ed25519", Providers.jdk("Signature", "Ed25519"));
        jdk.setParameter(context);
        jdk.initSign(ed.getPrivate());
        jdk.update(message);
        assertArrayEquals(jdk.sign(), sig);
    }

    /** The capability report names the hand-off cases of each service that has them, and only those. */
    @Test
    void theCapabilityReportNamesTheHandOffs() {
        Map<String, String> handOffs = new TreeMap<>();
        for (Capabilities.Service s : Capabilities.of(Providers.ACCEL).services()) {
            if (s.jdkHandOff() != null) {
                handOffs.put(s.type() + "." + s.algorithm(), s.jdkHandOff());
            }
        }
        assertTrue(handOffs.get("Cipher.AES").contains("PCBC"), handOffs.toString());
        assertTrue(handOffs.get("Cipher.AES_256/GCM/NoPadding").contains("128 bytes"), handOffs.toString());
        assertTrue(handOffs.get("KDF.HKDF-SHA512").contains("32 KiB"), handOffs.toString());
        for (String rsaService :
                List.of("Signature.SHA256withRSA", "Signature.RSASSA-PSS", "Cipher.RSA", "KeyFactory.RSA")) {
            assertTrue(handOffs.get(rsaService).contains("without CRT components"), rsaService + ": " + handOffs);
        }
        assertTrue(handOffs.get("KeyPairGenerator.RSA").contains("2048..8192"), handOffs.toString());
        assertTrue(handOffs.get("Signature.Ed25519").contains("context"), handOffs.toString());
        assertFalse(handOffs.containsKey("MessageDigest.SHA-256"));
        assertFalse(handOffs.containsKey("Cipher.AES/CBC/NoPadding"), "a fixed transformation hands nothing off");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] x = a == null ? new byte[0] : a;
        byte[] out = Arrays.copyOf(x, x.length + b.length);
        System.arraycopy(b, 0, out, x.length, b.length);
        return out;
    }
}
