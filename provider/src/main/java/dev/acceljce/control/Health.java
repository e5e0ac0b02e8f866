package dev.acceljce.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Whether the native path of each family passed its self-tests (the {@link EngineSelfTests} its
 * package registered, on OpenSSL), and each other library its own. A family's tests run once per
 * process, the first time the decision point considers the native path for that family (so a
 * process that only hashes never sets up the cipher bindings to test them); after that every
 * question is one array read.
 *
 * <p>A family whose tests failed is served by the JDK's providers ({@link Dispatch#choose} asks
 * {@link #nativeHealthy}). A family without a test, or whose algorithms the loaded library does
 * not offer, is "not tested" and is not held back: the probe of each service already decides
 * whether it is offered. A verdict reached before the family registered its tests (no provider
 * made yet) is not kept: the tests run once they are registered.
 */
public final class Health {
    /** A family's self-test report, and the verdict the decision point reads. */
    private record Run(SelfTest.Report report, boolean healthy) {}

    /** Per family (by ordinal), its run once done. */
    private static final AtomicReferenceArray<Run> RUNS = new AtomicReferenceArray<>(Family.values().length);

    /**
     * Per family and engine other than OpenSSL (index family * engines + engine), the run of its
     * {@link EngineSelfTests} once done. OpenSSL's are the family's own run ({@link #RUNS}).
     */
    private static final AtomicReferenceArray<Run> ENGINE_RUNS =
            new AtomicReferenceArray<>(Family.values().length * Engine.values().length);

    private Health() {}

    /** False when {@code family}'s self-tests failed in this process. Asked at every object creation. */
    public static boolean nativeHealthy(Family family) {
        Run r = RUNS.get(family.ordinal());
        return (r != null ? r : runOnce(family)).healthy;
    }

    /**
     * False when {@code family}'s tests on {@code engine} failed in this process: that library then
     * serves none of the family ({@link Dispatch#engine}). For OpenSSL, {@link #nativeHealthy}.
     */
    public static boolean engineHealthy(Family family, Engine engine) {
        if (engine == Engine.OPENSSL) {
            return nativeHealthy(family);
        }
        int i = family.ordinal() * Engine.values().length + engine.ordinal();
        Run r = ENGINE_RUNS.get(i);
        return (r != null ? r : runOnce(family, engine)).healthy;
    }

    /** The status of one family (passed, failed with the reason, or not tested and why); runs its tests once. */
    public static SelfTest.FamilyStatus status(Family family) {
        return run(family).of(family);
    }

    /** Passed, failed (some family failed) or not tested (no library); runs every family's tests. */
    public static SelfTest.Status overall() {
        return report().overall();
    }

    /**
     * Every family's self-test outcome and time, on every engine that has tests for it (running
     * those not yet run).
     */
    public static SelfTest.Report report() {
        List<SelfTest.Report> reports = new ArrayList<>();
        for (Family f : Family.values()) {
            reports.add(run(f));
            for (Engine e : Engine.values()) {
                if (e != Engine.OPENSSL && EngineSelfTests.has(f, e)) {
                    // the run itself: one that tested nothing (the library not loaded) is not kept
                    Run r = ENGINE_RUNS.get(f.ordinal() * Engine.values().length + e.ordinal());
                    reports.add((r != null ? r : runOnce(f, e)).report);
                }
            }
        }
        return SelfTest.combine(reports);
    }

    private static SelfTest.Report run(Family family) {
        Run r = RUNS.get(family.ordinal());
        return (r != null ? r : runOnce(family)).report;
    }

    /**
     * One run per family even when threads race to be first: the loser waits and reads the winner's.
     * Not kept while the family has no OpenSSL test registered (asked before its services
     * registered their tests: a table's choice read before any AccelJceProvider was made); the
     * tests run once they are, as for the other engines.
     */
    private static synchronized Run runOnce(Family family) {
        Run r = RUNS.get(family.ordinal());
        if (r == null) {
            SelfTest.Report report = engineReport(family, Engine.OPENSSL);
            r = new Run(report, report.of(family).status() != SelfTest.Status.FAILED);
            if (!report.results().isEmpty()) {
                RUNS.set(family.ordinal(), r);
            }
        }
        return r;
    }

    private static synchronized Run runOnce(Family family, Engine engine) {
        int i = family.ordinal() * Engine.values().length + engine.ordinal();
        Run r = ENGINE_RUNS.get(i);
        if (r == null) {
            SelfTest.Report report = engineReport(family, engine);
            SelfTest.Status status = report.of(family, engine).status();
            r = new Run(report, status != SelfTest.Status.FAILED);
            // not kept while no test is registered: asked before the family's services registered
            // their tests (a table's choice read before any AccelJceProvider was made), the
            // tests still run once they are
            if (status != SelfTest.Status.NOT_TESTED) {
                ENGINE_RUNS.set(i, r);
            }
        }
        return r;
    }

    /** The {@link EngineSelfTests} of {@code family} on {@code engine}, run now. */
    private static SelfTest.Report engineReport(Family family, Engine engine) {
        return EngineSelfTests.report(engine, Set.of(family), System.getProperty(SelfTest.FAIL_PROPERTY));
    }
}
