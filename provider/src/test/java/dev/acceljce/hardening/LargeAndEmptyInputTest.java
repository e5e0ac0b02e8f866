package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Resource limits: a 1.5 GiB direct buffer (native memory, not the 2 GiB test heap) through a
 * digest, a MAC and AES-GCM, compared with the JDK; empty input everywhere; thousands of
 * init/reset cycles. Results equal the JDK's.
 */
class LargeAndEmptyInputTest {
    private static final long HUGE = 3L << 29; // 1.5 GiB

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @Test
    void oneAndAHalfGibibytesInOneCall() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in;
            MemorySegment out;
            try {
                in = arena.allocate(HUGE);
                out = arena.allocate(HUGE + 16);
            } catch (OutOfMemoryError e) {
                System.out.println("SKIPPED: cannot allocate 3 GiB of native memory here: " + e);
                return;
            }
            for (long i = 0; i < HUGE; i += 4096) {
                in.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (i >>> 12));
            }
            ByteBuffer data = in.asByteBuffer();

            MessageDigest ours = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
            MessageDigest jdk = MessageDigest.getInstance("SHA-256", Providers.jdk("MessageDigest", "SHA-256"));
            ours.update(data.duplicate());
            jdk.update(data.duplicate());
            assertArrayEquals(jdk.digest(), ours.digest(), "SHA-256 of 1.5 GiB");

            SecretKeySpec hk = new SecretKeySpec(new byte[32], "HmacSHA512");
            Mac mac = Mac.getInstance("HmacSHA512", Providers.ACCEL);
            mac.init(hk);
            mac.update(data.duplicate());
            MessageDigest sha = MessageDigest.getInstance("SHA-512", Providers.jdk("MessageDigest", "SHA-512"));
            byte[] ourMac = mac.doFinal();
            Mac jdkMac = Mac.getInstance("HmacSHA512", Providers.jdk("Mac", "HmacSHA512"));
            jdkMac.init(hk);
            jdkMac.update(data.duplicate());
            assertArrayEquals(jdkMac.doFinal(), ourMac, "HmacSHA512 of 1.5 GiB");

            SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
            GCMParameterSpec iv = new GCMParameterSpec(128, new byte[12]);
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
            c.init(Cipher.ENCRYPT_MODE, key, iv);
            ByteBuffer o = out.asByteBuffer();
            assertEquals(HUGE + 16, c.doFinal(data.duplicate(), o));
            sha.update(out.asByteBuffer());
            byte[] ourCt = sha.digest();
            Cipher j = Cipher.getInstance("AES/GCM/NoPadding", Providers.jdk("Cipher", "AES/GCM/NoPadding"));
            j.init(Cipher.ENCRYPT_MODE, key, iv);
            ByteBuffer jo = out.asByteBuffer();
            assertEquals(HUGE + 16, j.doFinal(data.duplicate(), jo));
            sha.update(out.asByteBuffer());
            assertArrayEquals(sha.digest(), ourCt, "AES-GCM of 1.5 GiB");
        }
    }

    @Test
    void emptyInputEverywhere() throws Exception {
        for (String alg : new String[] {"SHA-256", "SHA3-512", "MD5"}) {
            assertArrayEquals(
                    MessageDigest.getInstance(alg, Providers.jdk("MessageDigest", alg))
                            .digest(new byte[0]),
                    MessageDigest.getInstance(alg, Providers.ACCEL)
                            .digest(ByteBuffer.allocate(0).array()),
                    alg);
        }
        Mac ours = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        Mac jdk = Mac.getInstance("HmacSHA256", Providers.jdk("Mac", "HmacSHA256"));
        ours.init(new SecretKeySpec(new byte[1], "HmacSHA256"));
        jdk.init(new SecretKeySpec(new byte[1], "HmacSHA256"));
        ours.update(ByteBuffer.allocateDirect(0));
        assertArrayEquals(jdk.doFinal(new byte[0]), ours.doFinal(new byte[0]));
        for (String t :
                new String[] {"AES/GCM/NoPadding", "AES/CBC/PKCS5Padding", "AES/CTR/NoPadding", "ChaCha20-Poly1305"}) {
            boolean gcm = t.contains("GCM");
            boolean chacha = t.startsWith("ChaCha");
            SecretKeySpec key = new SecretKeySpec(new byte[chacha ? 32 : 16], chacha ? "ChaCha20" : "AES");
            java.security.spec.AlgorithmParameterSpec p =
                    gcm ? new GCMParameterSpec(128, new byte[12]) : new IvParameterSpec(new byte[chacha ? 12 : 16]);
            Cipher a = Cipher.getInstance(t, Providers.ACCEL);
            Cipher j = Cipher.getInstance(t, "SunJCE");
            a.init(Cipher.ENCRYPT_MODE, key, p);
            j.init(Cipher.ENCRYPT_MODE, key, p);
            a.updateAAD(new byte[0]);
            assertEquals(j.update(new byte[0]) == null, a.update(new byte[0]) == null, t);
            byte[] ct = a.doFinal();
            assertArrayEquals(j.doFinal(), ct, t);
            a.init(Cipher.DECRYPT_MODE, key, p);
            assertEquals(0, a.doFinal(ct).length, t);
        }
    }

    @Test
    void thousandsOfInitAndResetCycles() throws Exception {
        Mac ours = Mac.getInstance("HmacSHA384", Providers.ACCEL);
        Mac jdk = Mac.getInstance("HmacSHA384", Providers.jdk("Mac", "HmacSHA384"));
        MessageDigest od = MessageDigest.getInstance("SHA-384", Providers.ACCEL);
        MessageDigest jd = MessageDigest.getInstance("SHA-384", Providers.jdk("MessageDigest", "SHA-384"));
        Cipher oc = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
        Cipher jc = Cipher.getInstance("AES/GCM/NoPadding", Providers.jdk("Cipher", "AES/GCM/NoPadding"));
        byte[] lastOurs = null;
        byte[] lastJdk = null;
        for (int i = 0; i < 5000; i++) {
            SecretKeySpec k = new SecretKeySpec(new byte[] {(byte) i, (byte) (i >> 8)}, "HmacSHA384");
            ours.init(k);
            jdk.init(k);
            ours.update((byte) i);
            jdk.update((byte) i);
            ours.reset();
            jdk.reset();
            od.update((byte) i);
            jd.update((byte) i);
            od.reset();
            jd.reset();
            byte[] iv = ByteBuffer.allocate(12).putInt(8, i).array();
            oc.init(
                    Cipher.ENCRYPT_MODE,
                    new SecretKeySpec(Arrays.copyOf(k.getEncoded(), 16), "AES"),
                    new GCMParameterSpec(128, iv));
            jc.init(
                    Cipher.ENCRYPT_MODE,
                    new SecretKeySpec(Arrays.copyOf(k.getEncoded(), 16), "AES"),
                    new GCMParameterSpec(128, iv));
            oc.update(new byte[5]);
            jc.update(new byte[5]);
            lastOurs = ours.doFinal(new byte[] {(byte) i});
            lastJdk = jdk.doFinal(new byte[] {(byte) i});
        }
        assertArrayEquals(lastJdk, lastOurs);
        assertArrayEquals(jd.digest(), od.digest());
        // the tags (SunJCE's doFinal also returns the partial block it held back)
        byte[] jt = jc.doFinal();
        byte[] ot = oc.doFinal();
        assertArrayEquals(
                Arrays.copyOfRange(jt, jt.length - 16, jt.length), Arrays.copyOfRange(ot, ot.length - 16, ot.length));
    }

    /**
     * 100,000 init+doFinal cycles on one AES-GCM Cipher and one HmacSHA256 Mac, 10,000
     * initSign+sign on one Ed25519 and one SHA256withECDSA Signature (each init with a new key):
     * live native objects back where they started, results equal to the JDK's at the end.
     */
    @Test
    void repeatedInitCyclesKeepLiveNativeObjectsFlat() throws Exception {
        Cipher oc = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
        Mac om = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        KeyPairGenerator edGen = KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL);
        KeyPairGenerator ecGen = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
        ecGen.initialize(256);
        KeyPair[] ed = {edGen.generateKeyPair(), edGen.generateKeyPair()};
        KeyPair[] ec = {ecGen.generateKeyPair(), ecGen.generateKeyPair()};
        Signature os = Signature.getInstance("Ed25519", Providers.ACCEL);
        Signature oe = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
        long before = Soak.settle();
        byte[] ct = null;
        byte[] mac = null;
        byte[] edSig = null;
        byte[] message = {1, 2, 3};
        for (int i = 0; i < 100_000; i++) {
            byte[] k = ByteBuffer.allocate(16).putInt(0, i).array();
            oc.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"), new GCMParameterSpec(128, k, 0, 12));
            ct = oc.doFinal(message);
            om.init(new SecretKeySpec(k, "HmacSHA256"));
            mac = om.doFinal(message);
            if (i % 10 == 0) {
                os.initSign(ed[i % 2].getPrivate());
                os.update(message);
                edSig = os.sign();
                oe.initSign(ec[i % 2].getPrivate());
                oe.update(message);
                oe.sign();
            }
        }
        long after = Soak.settle();
        System.out.println("live native objects: " + before + " -> " + after);
        assertTrue(after <= before, "live native objects " + before + " -> " + after);

        byte[] lastKey = ByteBuffer.allocate(16).putInt(0, 99_999).array();
        Cipher jc = Cipher.getInstance("AES/GCM/NoPadding", "SunJCE");
        jc.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(lastKey, "AES"), new GCMParameterSpec(128, lastKey, 0, 12));
        assertArrayEquals(jc.doFinal(message), ct);
        Mac jm = Mac.getInstance("HmacSHA256", Providers.jdk("Mac", "HmacSHA256"));
        jm.init(new SecretKeySpec(lastKey, "HmacSHA256"));
        assertArrayEquals(jm.doFinal(message), mac);
        Signature jv = Signature.getInstance("Ed25519", Providers.jdk("Signature", "Ed25519"));
        jv.initVerify(ed[99_990 % 2].getPublic());
        jv.update(message);
        assertTrue(jv.verify(edSig));
    }

    /**
     * getOutputSize at the int limit, every AES mode and padding in both directions, with 0 and
     * 5 bytes held: the same number or the same exception (SunJCE's CipherCore: ArithmeticException)
     * as SunJCE. Cheap companion of NearMaxArrayTest, which needs an 8 GiB heap.
     */
    @Test
    void outputSizeAtTheIntLimitAsInTheJdk() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        for (String t : new String[] {
            "AES/CBC/PKCS5Padding",
            "AES/ECB/PKCS5Padding",
            "AES/CBC/NoPadding",
            "AES/CTR/NoPadding",
            "AES/CFB/NoPadding",
            "AES/OFB/NoPadding",
            "AES/GCM/NoPadding"
        }) {
            for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
                for (int held : new int[] {0, 5}) {
                    for (int size : new int[] {
                        Integer.MAX_VALUE,
                        Integer.MAX_VALUE - 5,
                        Integer.MAX_VALUE - 15,
                        Integer.MAX_VALUE - 16,
                        Integer.MAX_VALUE - 32
                    }) {
                        java.security.spec.AlgorithmParameterSpec p = t.contains("GCM")
                                ? new GCMParameterSpec(128, new byte[12])
                                : t.contains("ECB") ? null : new IvParameterSpec(new byte[16]);
                        Cipher a = Cipher.getInstance(t, Providers.ACCEL);
                        Cipher j = Cipher.getInstance(t, "SunJCE");
                        a.init(mode, key, p);
                        j.init(mode, key, p);
                        if (held > 0 && !(t.contains("GCM") && mode == Cipher.ENCRYPT_MODE)) {
                            a.update(new byte[held]);
                            j.update(new byte[held]);
                        }
                        assertEquals(
                                outputSize(j, size),
                                outputSize(a, size),
                                t + " mode " + mode + " held " + held + " size " + size);
                    }
                }
            }
        }
    }

    private static Object outputSize(Cipher c, int size) {
        try {
            return c.getOutputSize(size);
        } catch (RuntimeException e) {
            return e.getClass();
        }
    }
}
