package dev.acceljce.testing;

import dev.acceljce.foreign.NativeObject;

/**
 * Counts of live native objects of one kind, for tests that show an operation made or freed one.
 * Objects that earlier tests left to their Cleaners are freed whenever the GC finds them, which
 * would move a count between two reads: {@link #settled} collects them first.
 */
public final class LiveObjects {
    private LiveObjects() {}

    /** The live objects of {@code kind} now. */
    public static long of(String kind) {
        return NativeObject.liveObjects().getOrDefault(kind, 0L);
    }

    /**
     * The live objects of {@code kind} once the garbage is collected and the Cleaners have run:
     * after a GC, until the count has not changed for 100 ms (at most 5 s). Read it before a
     * short sequence of operations whose own objects the caller keeps reachable.
     */
    public static long settled(String kind) throws InterruptedException {
        System.gc();
        long last = of(kind);
        long deadline = System.nanoTime() + 5_000_000_000L;
        int stable = 0;
        while (stable < 5 && System.nanoTime() < deadline) {
            Thread.sleep(20);
            long now = of(kind);
            stable = now == last ? stable + 1 : 0;
            last = now;
        }
        return last;
    }
}
