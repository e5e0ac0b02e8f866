package dev.acceljce.testing;

import dev.acceljce.openssl.NativeResource;

/** The native objects still alive once the garbage collector and the Cleaner are done. */
public final class LiveNatives {
    /** How long the count must stay still before it counts as settled. */
    private static final long QUIET_NANOS = 2_000_000_000L;

    private static final long GIVE_UP_NANOS = 120_000_000_000L;

    private LiveNatives() {}

    /**
     * Collects garbage until the live count has not fallen for two seconds; returns it. The Cleaner
     * frees on a thread of its own: on a loaded 2-core machine, and more under an emulator, it can
     * make no progress between two readings 50 ms apart while thousands of objects are still
     * queued (the emulated full aarch64 run failed a leak check that way, with nothing freed yet),
     * so a pause is not the end of it.
     */
    public static long settle() throws InterruptedException {
        return settle(NativeResource::liveCount);
    }

    /** The live native objects of {@code kind} ("EC_KEY (AWS-LC)", ...) now. */
    public static long of(String kind) {
        return NativeResource.liveObjects().getOrDefault(kind, 0L);
    }

    /**
     * {@link #settle()} for the objects of one {@code kind}: read it before a short sequence of
     * operations whose own objects the caller keeps reachable, so that objects earlier tests left to
     * their Cleaners do not move the count meanwhile.
     */
    public static long settle(String kind) throws InterruptedException {
        return settle(() -> of(kind));
    }

    private static long settle(java.util.function.LongSupplier count) throws InterruptedException {
        long start = System.nanoTime();
        long lowest = Long.MAX_VALUE;
        long lastFall = start;
        while (true) {
            System.gc();
            Thread.sleep(50);
            long now = count.getAsLong();
            long t = System.nanoTime();
            if (now < lowest) {
                lowest = now;
                lastFall = t;
            } else if (t - lastFall >= QUIET_NANOS || t - start >= GIVE_UP_NANOS) {
                return now;
            }
        }
    }
}
