package dev.acceljce.hardening;

import java.security.MessageDigest;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;

import dev.acceljce.testing.Providers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the fuzz targets (module {@code fuzz/}) found, each kept as a plain test of the exact call
 * (the crashing inputs themselves are kept in the fuzz module's regression inputs too).
 */
class FuzzFindingsTest {
    /** MessageDigestFuzzTest: update(b, -1, 0) threw ArrayIndexOutOfBoundsException; the JDK ignores it. */
    @Test
    void digestEmptyUpdateWithNegativeOffsetIsANoOp() throws Exception {
        for (String alg : new String[] {"SHA-256", "SHA3-256"}) {
            MessageDigest ours = MessageDigest.getInstance(alg, Providers.ACCEL);
            MessageDigest jdk = MessageDigest.getInstance(alg, Providers.jdk("MessageDigest", alg));
            ours.update(new byte[0], -1, 0);
            jdk.update(new byte[0], -1, 0);
            ours.update(new byte[5], -7, 0);
            jdk.update(new byte[5], -7, 0);
            assertArrayEquals(jdk.digest(), ours.digest(), alg);
        }
    }

    /**
     * MacFuzzTest: after init, update, then init again with a key longer than the block size,
     * SunJCE's HmacCore returns a wrong MAC (it hashes the long key with a digest still holding the
     * abandoned message). Not our bug, but a deliberate difference: AccelJCE gives the MAC a fresh
     * Mac gives, as the init contract says.
     */
    @Test
    void macReinitWithLongKeyAfterAbandonedMessageIsFresh() throws Exception {
        for (String alg : new String[] {"HmacSHA256", "HmacSHA3-384"}) {
            SecretKeySpec longKey = new SecretKeySpec(new byte[1961], alg);
            Mac fresh = Mac.getInstance(alg, Providers.jdk("Mac", alg));
            fresh.init(longKey);
            Mac ours = Mac.getInstance(alg, Providers.ACCEL);
            ours.init(new SecretKeySpec(new byte[] {1}, alg));
            ours.update((byte) 1);
            ours.init(longKey);
            assertArrayEquals(fresh.doFinal(), ours.doFinal(), alg);
        }
    }

    /**
     * CipherFuzzTest: AES-GCM's getOutputSize(Integer.MAX_VALUE) threw ArithmeticException from
     * Math.addExact; SunJCE's GCM returns the wrapped int sum (while its ChaCha20-Poly1305 does
     * throw ArithmeticException: we follow each).
     */
    @Test
    void aeadOutputSizeOfHugeInputWrapsAsInTheJdk() throws Exception {
        Object[][] cases = {
                {"AES/GCM/NoPadding", new SecretKeySpec(new byte[16], "AES"), new GCMParameterSpec(128, new byte[12])},
                {"ChaCha20-Poly1305", new SecretKeySpec(new byte[32], "ChaCha20"), new IvParameterSpec(new byte[12])}};
        for (Object[] c : cases) {
            String alg = (String) c[0];
            Cipher ours = Cipher.getInstance(alg, Providers.ACCEL);
            Cipher jdk = Cipher.getInstance(alg, Providers.jdk("Cipher", alg));
            ours.init(Cipher.ENCRYPT_MODE, (SecretKeySpec) c[1], (AlgorithmParameterSpec) c[2]);
            jdk.init(Cipher.ENCRYPT_MODE, (SecretKeySpec) c[1], (AlgorithmParameterSpec) c[2]);
            for (int len : new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 15, 0}) {
                Object expected = outcome(() -> jdk.getOutputSize(len));
                assertEquals(expected, outcome(() -> ours.getOutputSize(len)), alg + " " + len);
            }
        }
    }

    /**
     * CipherFuzzTest: after an encryption's doFinal, an empty update(ByteBuffer, ByteBuffer) threw
     * IllegalStateException from our ChaCha20 ciphers; SunJCE's return 0 (its GCM does throw).
     */
    @Test
    void emptyBufferUpdateAfterFinishAsInTheJdk() throws Exception {
        Object[][] cases = {
                {"AES/GCM/NoPadding", new SecretKeySpec(new byte[16], "AES"), new GCMParameterSpec(128, new byte[12])},
                {"ChaCha20-Poly1305", new SecretKeySpec(new byte[32], "ChaCha20"), new IvParameterSpec(new byte[12])},
                {"ChaCha20", new SecretKeySpec(new byte[32], "ChaCha20"),
                        new javax.crypto.spec.ChaCha20ParameterSpec(new byte[12], 1)}};
        for (Object[] c : cases) {
            String alg = (String) c[0];
            Cipher ours = Cipher.getInstance(alg, Providers.ACCEL);
            Cipher jdk = Cipher.getInstance(alg, Providers.jdk("Cipher", alg));
            ours.init(Cipher.ENCRYPT_MODE, (SecretKeySpec) c[1], (AlgorithmParameterSpec) c[2]);
            jdk.init(Cipher.ENCRYPT_MODE, (SecretKeySpec) c[1], (AlgorithmParameterSpec) c[2]);
            ours.doFinal();
            jdk.doFinal();
            for (boolean direct : new boolean[] {false, true}) {
                java.nio.ByteBuffer in = direct ? java.nio.ByteBuffer.allocateDirect(0) : java.nio.ByteBuffer.allocate(0);
                Object expected = outcome(() -> jdk.update(in, java.nio.ByteBuffer.allocate(16)));
                assertEquals(expected, outcome(() -> ours.update(in, java.nio.ByteBuffer.allocate(16))), alg);
            }
        }
    }

    /**
     * SecretKeyFactoryFuzzTest: translateKey of another provider's PBKDF2 key with an empty
     * encoding (key length under 8 bits) threw IllegalArgumentException from PBEKeySpec.
     */
    @Test
    void pbkdf2TranslatesAnEmptyForeignKey() throws Exception {
        String alg = "PBKDF2WithHmacSHA256";
        javax.crypto.SecretKeyFactory jdk = javax.crypto.SecretKeyFactory.getInstance(alg,
                Providers.jdk("SecretKeyFactory", alg));
        javax.crypto.SecretKey foreign = jdk.generateSecret(
                new javax.crypto.spec.PBEKeySpec("pw".toCharArray(), new byte[8], 3, 4));
        javax.crypto.SecretKey ours = javax.crypto.SecretKeyFactory.getInstance(alg, Providers.ACCEL)
                .translateKey(foreign);
        assertEquals(0, ours.getEncoded().length);
        assertEquals(foreign, ours);
    }

    /** CipherFuzzTest: AESWrap's getOutputSize(Integer.MAX_VALUE) saturated; SunJCE throws ArithmeticException. */
    @Test
    void keyWrapOutputSizeOverflowsAsInTheJdk() throws Exception {
        for (String alg : new String[] {"AESWrap", "AES/KW/NoPadding", "AES/KWP/NoPadding"}) {
            Cipher ours = Cipher.getInstance(alg, Providers.ACCEL);
            Cipher jdk = Cipher.getInstance(alg, Providers.jdk("Cipher", alg));
            ours.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"));
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"));
            for (int len : new int[] {Integer.MAX_VALUE, 16}) {
                Object expected = outcome(() -> jdk.getOutputSize(len));
                assertEquals(expected, outcome(() -> ours.getOutputSize(len)), alg + " " + len);
            }
        }
    }

    /** SignatureFuzzTest: RSASSA-PSS took message bytes before setParameter; SunJCE refuses them. */
    @Test
    void pssRefusesUpdatesBeforeItsParameters() throws Exception {
        java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("RSA",
                Providers.jdk("KeyPairGenerator", "RSA"));
        g.initialize(1024);
        java.security.KeyPair kp = g.generateKeyPair();
        for (java.security.Provider p : new java.security.Provider[] {Providers.ACCEL,
                Providers.jdk("Signature", "RSASSA-PSS")}) {
            java.security.Signature s = java.security.Signature.getInstance("RSASSA-PSS", p);
            s.initSign(kp.getPrivate());
            org.junit.jupiter.api.Assertions.assertThrows(java.security.SignatureException.class,
                    () -> s.update(new byte[3]), p.getName());
            org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                    () -> s.update(java.nio.ByteBuffer.allocate(0)), p.getName());
        }
    }

    private static Object outcome(java.util.concurrent.Callable<Integer> c) {
        try {
            return c.call();
        } catch (Exception e) {
            return e.getClass();
        }
    }
}
