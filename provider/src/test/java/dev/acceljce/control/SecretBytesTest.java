package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link SecretBytes#equal} answers as {@link MessageDigest#isEqual}, which it replaces. */
class SecretBytesTest {
    @Test
    void aDifferenceAtEveryPositionOfEveryLengthIsSeen() {
        Random random = new Random(27);
        for (int length = 0; length <= 41; length++) {
            byte[] a = new byte[length];
            random.nextBytes(a);
            assertTrue(SecretBytes.equal(a, a.clone()), "equal copies of " + length + " bytes");
            for (int at = 0; at < length; at++) {
                for (int bit = 0; bit < 8; bit++) {
                    byte[] b = a.clone();
                    b[at] ^= (byte) (1 << bit);
                    assertFalse(SecretBytes.equal(a, b), length + " bytes, bit " + bit + " of byte " + at);
                    assertFalse(
                            SecretBytes.equal(b, a), length + " bytes, bit " + bit + " of byte " + at + ", swapped");
                }
            }
        }
    }

    @Test
    void nullsAndLengthsAnswerAsMessageDigestIsEqual() {
        byte[] sixteen = new byte[16];
        byte[][] cases = {null, new byte[0], new byte[15], sixteen, new byte[16], new byte[17], {1}};
        for (byte[] a : cases) {
            for (byte[] b : cases) {
                assertEquals(MessageDigest.isEqual(a, b), SecretBytes.equal(a, b));
            }
        }
        byte[] prefix = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        assertFalse(SecretBytes.equal(prefix, java.util.Arrays.copyOf(prefix, 8)), "a prefix is not equal");
    }
}
