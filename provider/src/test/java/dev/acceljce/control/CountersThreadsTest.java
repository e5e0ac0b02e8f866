package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.security.MessageDigest;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Counts live in a cell per thread: what threads that ended counted stays counted, their cells do
 * not pile up (a thread per connection must not grow the counters without bound), and an object
 * handed from thread to thread counts every operation once.
 */
class CountersThreadsTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @Test
    void endedThreadsKeepTheirCountsAndLeaveNoCells() throws Exception {
        String service = "MessageDigest.SHA-512/224";
        long before = Counters.of(service).nativeOps();
        int threads = 5_000;
        int perThread = 3;
        AtomicReference<Throwable> failed = new AtomicReference<>();
        for (int i = 0; i < threads; i++) {
            // virtual threads: what a server with a thread per connection makes
            Thread t = Thread.ofVirtual().start(() -> {
                try {
                    for (int k = 0; k < perThread; k++) {
                        MessageDigest.getInstance("SHA-512/224", Providers.ACCEL)
                                .digest(new byte[k]);
                    }
                } catch (Throwable e) {
                    failed.set(e);
                }
            });
            if (i % 100 == 99) {
                t.join(); // keep a few hundred alive at once, not all
            }
        }
        Thread last = Thread.ofVirtual().start(() -> {});
        last.join();
        Thread.sleep(50);
        assertNull(failed.get());
        // one more thread links a cell, which prunes when due: ended threads' cells are folded
        Thread.ofVirtual()
                .start(() -> {
                    try {
                        MessageDigest.getInstance("SHA-512/224", Providers.ACCEL)
                                .digest(new byte[1]);
                    } catch (Exception e) {
                        failed.set(e);
                    }
                })
                .join();
        assertNull(failed.get());
        assertEquals(
                before + (long) threads * perThread + 1,
                Counters.of(service).nativeOps(),
                "every operation of every thread counted once");
        assertTrue(
                Counters.linkedTallies(service) <= 2_048,
                "cells of ended threads unlinked: " + Counters.linkedTallies(service));
    }

    @Test
    void anObjectHandedBetweenThreadsCountsEachOperationOnce() throws Exception {
        String service = "MessageDigest.SHA3-224";
        long before = Counters.of(service).nativeOps();
        MessageDigest shared = MessageDigest.getInstance("SHA3-224", Providers.ACCEL);
        for (int i = 0; i < 50; i++) {
            Thread t = new Thread(() -> {
                shared.update(new byte[100]);
                shared.digest();
            });
            t.start();
            t.join(); // one thread at a time: handed over, never shared at once
            shared.digest(new byte[3]);
        }
        assertEquals(before + 100, Counters.of(service).nativeOps());
    }
}
