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
    /** A family's self-test report, and the verdict the decision point reads. */
    private record Run(SelfTest.Report report, boolean healthy) {}

    /** Per family (by ordinal), its run once done. */
    private static final AtomicReferenceArray<Run> RUNS = new AtomicReferenceArray<>(Family.values().length);

    private Health() {}

    /** False when {@code family}'s self-tests failed in this process. Asked at every object creation. */
    public static boolean nativeHealthy(Family family) {
        Run r = RUNS.get(family.ordinal());
        return (r != null ? r : runOnce(family)).healthy;
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
        Run r = RUNS.get(family.ordinal());
        return (r != null ? r : runOnce(family)).report;
    }

    /** One run per family even when threads race to be first: the loser waits and reads the winner's. */
    private static synchronized Run runOnce(Family family) {
        Run r = RUNS.get(family.ordinal());
        if (r == null) {
            SelfTest.Report report = SelfTest.run(Set.of(family), SelfTest.injectedByProperty());
            r = new Run(report, report.of(family).status() != SelfTest.Status.FAILED);
            RUNS.set(family.ordinal(), r);
        }
        return r;
    }
}
