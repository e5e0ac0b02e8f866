package dev.acceljce.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * AES key wrap (KW, KWP, KW with PKCS#5 padding) against SunJCE. AESWrap, AESWrapPad and
 * AES/KW/PKCS5Padding get Differential.cases() each (10,000 by default), the key-size-bound names
 * (the same code with a fixed key size) a fortieth.
 */
class AesKeyWrapDifferentialTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    static Stream<Arguments> keyWraps() {
        return Stream.of(
                Arguments.of("AESWrap", "AESWrap"),
                Arguments.of("AESWrapPad", "AESWrapPad"),
                Arguments.of("AESWrap_256", "AESWrap_256"),
                Arguments.of("AESWrapPad_128", "AESWrapPad_128"),
                Arguments.of("AES/KW/PKCS5Padding", "AES/KW/PKCS5Padding"),
                Arguments.of("AES_192/KW/PKCS5Padding", "AES_192/KW/PKCS5Padding"));
    }

    /**
     * Sizes 0..64 KiB, a sixteenth of the cases from the whole range and the rest capped at 4 KiB
     * (key wrap processes its input six times over, in SunJCE one Java call per block), split
     * updates and every API style, wrap()/unwrap() and corrupted wrappings. KW length errors must
     * match SunJCE's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("keyWraps")
    void keyWrapMatchesSunJce(String ours, String theirs) throws Exception {
        Cipher c = Cipher.getInstance(ours, Providers.ACCEL);
        Cipher jdk = Cipher.getInstance(theirs, "SunJCE");
        boolean fixedName = ours.contains("_");
        String bits = fixedName ? ours.substring(ours.indexOf('_') + 1).replaceAll("/.*", "") : "0";
        int fixed = Integer.parseInt(bits) / 8;
        SplittableRandom r = new SplittableRandom(Differential.seed("AES key wrap " + ours));
        int cases = fixedName ? Differential.cases() / 40 : Differential.cases();
        for (int i = 0; i < cases; i++) {
            byte[] key = new byte[fixed != 0 ? fixed : new int[] {16, 24, 32}[r.nextInt(3)]];
            r.nextBytes(key);
            SecretKeySpec k = new SecretKeySpec(key, "AES");
            int len = Differential.size(r);
            if (r.nextInt(16) != 0) {
                len = Math.min(len, 4096);
            }
            if (ours.startsWith("AESWrap_") || ours.equals("AESWrap")) {
                if (r.nextInt(8) != 0) {
                    len -= len % 8;
                }
            }
            byte[] plain = new byte[len];
            r.nextBytes(plain);
            String what = ours + " case " + i + " len " + len;
            c.init(Cipher.ENCRYPT_MODE, k);
            jdk.init(Cipher.ENCRYPT_MODE, k);
            byte[] expected = AesDifferentialTest.outcome(() -> jdk.doFinal(plain));
            byte[] actual = AesDifferentialTest.outcome(() -> AesStreaming.run(c, plain, r));
            if (expected == null) {
                assertTrue(actual == null, what + ": SunJCE refused, AccelJCE did not");
                continue;
            }
            assertArrayEquals(expected, actual, what + " wrap");
            c.init(Cipher.DECRYPT_MODE, k);
            assertArrayEquals(plain, AesStreaming.run(c, expected, r), what + " unwrap");
            if (len > 0 && r.nextInt(8) == 0) {
                // wrap()/unwrap() of a secret key with these bytes
                SecretKeySpec secret = new SecretKeySpec(plain, "HmacSHA256");
                c.init(Cipher.WRAP_MODE, k);
                byte[] wrapped = c.wrap(secret);
                assertArrayEquals(expected, wrapped, what + " wrap()");
                c.init(Cipher.UNWRAP_MODE, k);
                assertEquals(secret, c.unwrap(wrapped, "HmacSHA256", Cipher.SECRET_KEY), what + " unwrap()");
                // a corrupted wrapping is refused
                byte[] bad = wrapped.clone();
                bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
                try {
                    c.unwrap(bad, "HmacSHA256", Cipher.SECRET_KEY);
                    fail(what + ": corrupted wrapping accepted");
                } catch (java.security.InvalidKeyException expectedFailure) {
                    // as SunJCE
                }
            }
        }
    }
}
