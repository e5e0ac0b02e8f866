package dev.acceljce.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Whether the native path of each family passed its {@link SelfTest self-tests}. A family's tests
 * run once per process, the first time the decision point considers the native path for that
 * family (so a process that only hashes never sets up the cipher bindings to test them); after
 * that every question is one array read.
 *
 * <p>A family whose tests failed is served by the JDK's providers ({@link Dispatch#choose} asks
 * {@link #nativeHealthy}). A family without a test, or whose algorithms the loaded library does
 * not offer, is "not tested" and is not held back: the probe of each service already decides
 * whether it is offered.
 */
public final class Health {
    /** Per family (by ordinal), its self-test report once run. */
    private static final AtomicReferenceArray<SelfTest.Report> RUNS =
            new AtomicReferenceArray<>(Family.values().length);

    private Health() {}

    /** False when {@code family}'s self-tests failed in this process. */
    public static boolean nativeHealthy(Family family) {
        return status(family).status() != SelfTest.Status.FAILED;
    }

    /** The status of one family (passed, failed with the reason, or not tested and why); runs its tests once. */
    public static SelfTest.FamilyStatus status(Family family) {
        return run(family).of(family);
    }

    /** Passed, failed (some family failed) or not tested (no library); runs every family's tests. */
    public static SelfTest.Status overall() {
        return report().overall();
    }

    /** Every family's self-test outcome and time (running the families not yet tested). */
    public static SelfTest.Report report() {
        List<SelfTest.Report> reports = new ArrayList<>();
        for (Family f : Family.values()) {
            reports.add(run(f));
        }
        return SelfTest.combine(reports);
    }

    private static SelfTest.Report run(Family family) {
        SelfTest.Report r = RUNS.get(family.ordinal());
        return r != null ? r : runOnce(family);
    }

    /** One run per family even when threads race to be first: the loser waits and reads the winner's. */
    private static synchronized SelfTest.Report runOnce(Family family) {
        SelfTest.Report r = RUNS.get(family.ordinal());
        if (r == null) {
            r = SelfTest.run(Set.of(family), SelfTest.injectedByProperty());
            RUNS.set(family.ordinal(), r);
        }
        return r;
    }
}
