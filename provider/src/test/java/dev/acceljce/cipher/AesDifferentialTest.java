package dev.acceljce.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * AccelJCE against SunJCE: random keys of every size, random IVs, sizes 0..64 KiB, random split
 * points and API styles (see {@link AesStreaming}), encryption and decryption, for the ECB and CBC
 * transformations; {@link #compare} also serves {@link AesStreamDifferentialTest}. A quarter of
 * the cases compare every update's output with a SunJCE twin fed the same pieces.
 */
class AesDifferentialTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    /**
     * ECB and CBC: (name we ask AccelJCE for, SunJCE transformation, share of
     * Differential.cases()). Every transformation of its own gets the full count; the general
     * "AES" service and the key-size-bound names, which reach the same code with a fixed key size
     * or another name, a quarter. The stream modes are in {@link AesStreamDifferentialTest}.
     */
    static Stream<Arguments> transformations() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String t :
                List.of("AES/ECB/NoPadding", "AES/ECB/PKCS5Padding", "AES/CBC/NoPadding", "AES/CBC/PKCS5Padding")) {
            b.add(Arguments.of(t, t, 1.0));
        }
        // through the general "AES" service (ECB/PKCS5Padding)
        b.add(Arguments.of("AES", "AES", 0.25));
        for (int bits : new int[] {128, 192, 256}) {
            for (String mode : List.of("ECB", "CBC")) {
                String t = "AES_" + bits + "/" + mode + "/NoPadding";
                b.add(Arguments.of(t, t, 0.25));
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transformations")
    void matchesSunJce(String ours, String theirs, double share) throws Exception {
        compare(ours, theirs, share);
    }

    /** Differential.cases() * share random cases of {@code ours} (AccelJCE) against {@code theirs}. */
    static void compare(String ours, String theirs, double share) throws Exception {
        // names with a mode spelling of their own reach the general "AES" service
        String service = Providers.ACCEL.getService("Cipher", ours) != null
                ? Providers.ACCEL.getService("Cipher", ours).getAlgorithm()
                : "AES";
        long before = Decisions.count("Cipher", service, Path.NATIVE);
        Cipher enc = Cipher.getInstance(ours, Providers.ACCEL);
        Cipher dec = Cipher.getInstance(ours, Providers.ACCEL);
        assertEquals(before + 2, Decisions.count("Cipher", service, Path.NATIVE), "served natively");
        Cipher jdk = Cipher.getInstance(theirs, "SunJCE");
        int fixed = ours.startsWith("AES_") ? Integer.parseInt(ours.substring(4, 7)) / 8 : 0;
        boolean usesIv = !theirs.contains("ECB") && !theirs.equals("AES");
        boolean cfb8 = theirs.contains("CFB8");
        boolean noPaddingBlock = theirs.equals("AES/ECB/NoPadding")
                || theirs.equals("AES/CBC/NoPadding")
                || (fixed != 0 && (theirs.contains("ECB") || theirs.contains("CBC")));

        SplittableRandom r = new SplittableRandom(Differential.seed("AES " + ours));
        int cases = (int) Math.max(1, Differential.cases() * share);
        byte[] key = new byte[32];
        int keySize = 16;
        for (int i = 0; i < cases; i++) {
            // keep the previous key now and then: the re-init path that keeps the key schedule
            if (i == 0 || r.nextInt(3) != 0) {
                keySize = fixed != 0 ? fixed : new int[] {16, 24, 32}[r.nextInt(3)];
                key = new byte[keySize];
                r.nextBytes(key);
            }
            SecretKeySpec k = new SecretKeySpec(key, "AES");
            int len = Differential.size(r);
            if (cfb8 && r.nextInt(4) != 0) {
                // a quarter of the CFB8 cases over the whole range, the rest capped at 4 KiB, to
                // keep this class well under a minute
                len = Math.min(len, 4096);
            }
            if (noPaddingBlock && r.nextInt(8) != 0) {
                len -= len % 16;
            }
            byte[] plain = new byte[len];
            r.nextBytes(plain);
            String what = ours + " case " + i + " key " + keySize + " len " + len;

            IvParameterSpec iv = null;
            if (usesIv) {
                if (r.nextInt(4) == 0) {
                    enc.init(Cipher.ENCRYPT_MODE, k); // random IV, read back
                    iv = new IvParameterSpec(enc.getIV());
                } else {
                    byte[] b = new byte[16];
                    r.nextBytes(b);
                    iv = new IvParameterSpec(b);
                    enc.init(Cipher.ENCRYPT_MODE, k, iv);
                }
                jdk.init(Cipher.ENCRYPT_MODE, k, iv);
            } else {
                enc.init(Cipher.ENCRYPT_MODE, k);
                jdk.init(Cipher.ENCRYPT_MODE, k);
            }
            byte[] expected = outcome(() -> jdk.doFinal(plain));
            // a quarter of the cases also compare every piece with a SunJCE twin
            Cipher twin = expected != null && r.nextInt(4) == 0 ? jdk : null;
            if (twin != null) {
                if (iv == null) {
                    twin.init(Cipher.ENCRYPT_MODE, k);
                } else {
                    twin.init(Cipher.ENCRYPT_MODE, k, iv);
                }
            }
            byte[] actual = outcome(() -> AesStreaming.run(enc, plain, r, twin));
            if (expected == null) {
                assertTrue(actual == null, what + ": SunJCE refused, AccelJCE did not");
                continue;
            }
            assertArrayEquals(expected, actual, what + " encrypt");
            if (r.nextInt(4) == 0) {
                // doFinal reset the object: the same input gives the same output (same IV)
                assertArrayEquals(expected, enc.doFinal(plain), what + " encrypt after reset");
            }

            if (iv == null) {
                dec.init(Cipher.DECRYPT_MODE, k);
            } else {
                dec.init(Cipher.DECRYPT_MODE, k, iv);
            }
            Cipher decryptTwin = null;
            if (r.nextInt(4) == 0) {
                decryptTwin = jdk;
                if (iv == null) {
                    jdk.init(Cipher.DECRYPT_MODE, k);
                } else {
                    jdk.init(Cipher.DECRYPT_MODE, k, iv);
                }
            }
            assertArrayEquals(plain, AesStreaming.run(dec, expected, r, decryptTwin), what + " decrypt");
        }
    }

    @FunctionalInterface
    interface Op {
        byte[] run() throws Exception;
    }

    /** The result, or null when the operation threw a JCA exception (compared by the caller). */
    static byte[] outcome(Op op) throws Exception {
        try {
            return op.run();
        } catch (GeneralSecurityException e) {
            return null;
        }
    }
}
