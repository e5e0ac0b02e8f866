package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;

/**
 * Counts survive their objects exactly, and the live tallies do not pile up: 50,000 digests made,
 * used once and dropped count 50,000 operations before and after they are collected, and the
 * tallies of collected objects are unlinked (by the cleaner, once enough of them are retired).
 */
class CountersRetirementTest {
    private static final String SERVICE = "MessageDigest.SHA3-384";

    @Test
    void collectedObjectsKeepTheirCountsAndLeaveTheLiveStack() throws Exception {
        Providers.requireNative();
        long before = Counters.of(SERVICE).nativeOps();
        int n = 50_000;
        for (int i = 0; i < n; i++) {
            MessageDigest.getInstance("SHA3-384", Providers.ACCEL).digest(new byte[] {(byte) i});
        }
        assertEquals(before + n, Counters.of(SERVICE).nativeOps(), "counted while alive or retired");
        for (int round = 0; round < 50 && Counters.linkedTallies(SERVICE) > 2_000; round++) {
            System.gc();
            Thread.sleep(50);
            // more objects, so more retire
            for (int i = 0; i < 1_024; i++) {
                MessageDigest.getInstance("SHA3-384", Providers.ACCEL).digest(new byte[1]);
            }
            before += 1_024; // those count too
        }
        assertTrue(Counters.linkedTallies(SERVICE) <= 2_000, "linked: " + Counters.linkedTallies(SERVICE));
        long expected = before + n;
        long now = Counters.of(SERVICE).nativeOps();
        assertEquals(expected, now, "every operation counted once, collected or not");
    }
}
