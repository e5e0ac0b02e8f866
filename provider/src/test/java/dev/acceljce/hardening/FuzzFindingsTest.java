package dev.acceljce.hardening;

import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

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
}
