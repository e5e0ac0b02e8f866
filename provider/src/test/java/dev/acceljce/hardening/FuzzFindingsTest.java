package dev.acceljce.hardening;

import java.security.MessageDigest;

import org.junit.jupiter.api.Test;

import dev.acceljce.testing.Providers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
}
