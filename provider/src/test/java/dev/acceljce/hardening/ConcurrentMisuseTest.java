package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One JCA object used by several threads at once (a caller's bug): every call must end normally
 * or in an exception, never in a crash or native memory corruption. The native contexts' guard
 * ({@code NativeResource.enter}) turns overlapping native calls into
 * {@code IllegalStateException("concurrent use ...")}; without it these tests crash the JVM or
 * corrupt OpenSSL's heap (two threads in EVP_DigestUpdate on one context overrun its block
 * buffer; EVP_MAC_init with a new key frees the key another thread's EVP_MAC_update reads).
 * After the hammering, fresh objects must still compute correct results (the heap is intact).
 */
class ConcurrentMisuseTest {
    private static final int THREADS = 4;
    private static final long MILLIS = 1500;
    /** Java-side races in the SPI (its batch buffer) may show up as these: safe, and expected. */
    private static final Set<String> SAFE = Set.of(
            "ok",
            "IllegalStateException",
            "IllegalStateException(concurrent use)",
            "java.lang.ArrayIndexOutOfBoundsException",
            "java.lang.IndexOutOfBoundsException",
            "java.nio.BufferUnderflowException",
            "java.nio.BufferOverflowException",
            "java.security.ProviderException",
            // a cipher racing with its own re-init: the JCA state exceptions, as for any misuse
            "javax.crypto.AEADBadTagException",
            "javax.crypto.IllegalBlockSizeException",
            "javax.crypto.ShortBufferException",
            "javax.crypto.BadPaddingException",
            "java.security.InvalidKeyException",
            "java.security.InvalidAlgorithmParameterException",
            // the guard keeps native calls on a context serial, but a misused object's Java fields
            // can be torn between threads (a key recorded by one thread whose native init was
            // refused): OpenSSL then refuses the out-of-order call (seen on a shared Mac, ~1 in
            // 10^4 calls on 2 cores), or a torn field is read as null. Exceptions are allowed
            // (misuse may fail, never corrupt); assertStillCorrect() checks nothing was corrupted.
            "dev.acceljce.openssl.OpenSslException",
            "java.lang.NullPointerException");

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @Test
    void sharedMessageDigest() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
        byte[] big = new byte[256 * 1024];
        ByteBuffer direct = ByteBuffer.allocateDirect(64 * 1024);
        Hammer h = Hammer.run(THREADS, MILLIS, (t, i) -> {
            switch ((int) ((i + t) % 6)) {
                case 0 -> md.update(big);
                case 1 -> md.update(direct.duplicate());
                case 2 -> md.update(big, 3, 100);
                case 3 -> md.digest();
                case 4 -> md.reset();
                default -> ((MessageDigest) md.clone()).digest();
            }
        });
        check("MessageDigest", h);
        assertStillCorrect();
    }

    @Test
    void sharedMac() throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        mac.init(new SecretKeySpec(new byte[32], "HmacSHA256"));
        byte[] big = new byte[256 * 1024];
        // a key longer than MAX_CHUNK goes through the native-copy path, freed right after init
        SecretKeySpec[] keys = {
            new SecretKeySpec(new byte[] {1}, "HmacSHA256"),
            new SecretKeySpec(new byte[200], "HmacSHA256"),
            new SecretKeySpec(new byte[(1 << 20) + 1], "HmacSHA256")
        };
        Hammer h = Hammer.run(THREADS, MILLIS, (t, i) -> {
            switch ((int) ((i + t) % 6)) {
                case 0 -> mac.update(big);
                case 1 -> mac.init(keys[(int) (i % keys.length)]);
                case 2 -> mac.update(big, 1, 70);
                case 3 -> mac.doFinal();
                case 4 -> mac.reset();
                default -> ((Mac) mac.clone()).doFinal();
            }
        });
        check("Mac", h);
        assertStillCorrect();
    }

    @Test
    void sharedAeadCiphers() throws Exception {
        for (String alg : new String[] {"AES/GCM/NoPadding", "ChaCha20-Poly1305"}) {
            boolean gcm = alg.startsWith("AES");
            Cipher c = Cipher.getInstance(alg, Providers.ACCEL);
            SecretKeySpec key = new SecretKeySpec(new byte[gcm ? 16 : 32], gcm ? "AES" : "ChaCha20");
            byte[] big = new byte[64 * 1024];
            AtomicLong nonce = new AtomicLong();
            Hammer h = Hammer.run(THREADS, MILLIS / 2, (t, i) -> {
                switch ((int) ((i + t) % 5)) {
                    case 0 -> {
                        byte[] iv = ByteBuffer.allocate(12)
                                .putLong(4, nonce.incrementAndGet())
                                .array();
                        c.init(Cipher.ENCRYPT_MODE, key, gcm ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv));
                    }
                    case 1 -> c.update(big);
                    case 2 -> c.updateAAD(big, 0, 16);
                    case 3 -> c.doFinal(big, 0, 1000);
                    default -> c.update(big, 5, 32);
                }
            });
            check(alg, h);
        }
        assertStillCorrect();
    }

    @Test
    void sharedSignature() throws Exception {
        java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("EC", Providers.ACCEL);
        g.initialize(256);
        java.security.KeyPair kp = g.generateKeyPair();
        java.security.Signature s = java.security.Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
        s.initSign(kp.getPrivate());
        byte[] big = new byte[64 * 1024];
        Hammer h = Hammer.run(THREADS, MILLIS / 2, (t, i) -> {
            switch ((int) ((i + t) % 4)) {
                case 0 -> s.update(big);
                case 1 -> s.sign();
                case 2 -> s.initSign(kp.getPrivate());
                default -> s.update(big, 3, 50);
            }
        });
        System.out.println("SHA256withECDSA shared by " + THREADS + " threads: " + h);
        for (String outcome : h.outcomes.keySet()) {
            assertTrue(
                    SAFE.contains(outcome) || outcome.equals("java.security.SignatureException"),
                    "Signature: unexpected outcome " + outcome + " in " + h);
        }
        assertStillCorrect();
    }

    private static void check(String what, Hammer h) {
        System.out.println(what + " shared by " + THREADS + " threads: " + h);
        for (String outcome : h.outcomes.keySet()) {
            assertTrue(SAFE.contains(outcome), what + ": unexpected outcome " + outcome + " in " + h);
        }
        assertTrue(h.refusals() > 0, what + ": the guard never refused an overlapping call: " + h);
    }

    /** Fresh objects still agree with the JDK: OpenSSL's heap and our state survived. */
    private static void assertStillCorrect() throws Exception {
        byte[] data = new byte[100_000];
        Arrays.fill(data, (byte) 7);
        for (String alg : new String[] {"SHA-256", "SHA-512", "SHA3-256"}) {
            assertArrayEquals(
                    MessageDigest.getInstance(alg, Providers.jdk("MessageDigest", alg))
                            .digest(data),
                    MessageDigest.getInstance(alg, Providers.ACCEL).digest(data),
                    alg);
        }
        SecretKeySpec key = new SecretKeySpec(HexFormat.of().parseHex("0b0b0b0b"), "HmacSHA256");
        Mac ours = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        Mac jdk = Mac.getInstance("HmacSHA256", Providers.jdk("Mac", "HmacSHA256"));
        ours.init(key);
        jdk.init(key);
        assertArrayEquals(jdk.doFinal(data), ours.doFinal(data));
    }
}
