package dev.acceljce.testing;

import java.util.SplittableRandom;

/** Parameters of the differential (AccelJCE vs JDK) tests: case counts, sizes, split points. */
public final class Differential {
    private Differential() {}

    /** Cases per algorithm: system property acceljce.diff.cases (10,000 by default). */
    public static int cases() {
        return Integer.getInteger("acceljce.diff.cases", 10_000);
    }

    /** A random seed, printed so a failure can be replayed with -Dacceljce.diff.seed. */
    public static long seed(String what) {
        Long fixed = Long.getLong("acceljce.diff.seed");
        long seed = fixed != null ? fixed : System.nanoTime();
        System.out.println(what + ": differential seed " + seed);
        return seed;
    }

    /**
     * A payload size in 0..64 KiB: a quarter uniform over the whole range, the rest biased to small
     * sizes and block boundaries, where bugs live.
     */
    public static int size(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> r.nextInt(64 * 1024 + 1);
            case 1 -> r.nextInt(257);
            case 2 -> 16 * r.nextInt(1, 65) + r.nextInt(-1, 2);
            default -> r.nextInt(4097);
        };
    }

    /** Random split points cutting {@code len} into up to {@code maxParts} pieces, ascending. */
    public static int[] splits(SplittableRandom r, int len, int maxParts) {
        int parts = r.nextInt(1, maxParts + 1);
        int[] cuts = new int[parts + 1];
        for (int i = 1; i < parts; i++) {
            cuts[i] = r.nextInt(len + 1);
        }
        cuts[parts] = len;
        java.util.Arrays.sort(cuts, 1, parts);
        return cuts;
    }
}
