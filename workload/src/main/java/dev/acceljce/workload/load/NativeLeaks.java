package dev.acceljce.workload.load;

import dev.acceljce.control.NativeObjects;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * AccelJCE's own account of its native objects in the server JVM ({@link NativeObjects}): live
 * {@code SSL}s, network BIOs and sessions, and the libssl callback table. Meaningful for every
 * stack (the counts stay zero where AccelJCE-TLS is not used).
 */
final class NativeLeaks {
    private NativeLeaks() {}

    static Map<String, Object> state() {
        Map<String, Long> live = NativeObjects.live();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("liveSsl", live.getOrDefault("SSL", 0L));
        m.put("liveNetworkBio", live.getOrDefault("BIO (TLS network half)", 0L));
        m.put("liveSslSession", live.getOrDefault("SSL_SESSION", 0L));
        m.put("callbacksRegistered", NativeObjects.tlsCallbacksRegistered());
        long total = 0;
        for (long v : live.values()) {
            total += v;
        }
        m.put("liveNativeObjects", total);
        return m;
    }

    /**
     * Collects until no more than {@code open} connections hold an {@code SSL}, a network BIO or a
     * callback entry (GC, then time for the Cleaner's thread), or the timeout passes. Returns the
     * milliseconds it took, or -1 on timeout.
     */
    static long settle(long open, long timeoutMillis) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + timeoutMillis * 1_000_000L;
        while (true) {
            System.gc();
            Thread.sleep(100);
            Map<String, Long> live = NativeObjects.live();
            if (live.getOrDefault("SSL", 0L) <= open
                    && live.getOrDefault("BIO (TLS network half)", 0L) <= open
                    && NativeObjects.tlsCallbacksRegistered() <= open) {
                return (System.nanoTime() - start) / 1_000_000L;
            }
            if (System.nanoTime() > deadline) {
                return -1;
            }
        }
    }
}
