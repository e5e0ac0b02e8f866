package dev.acceljce.control;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The self-tests: known answers per engine, run through the families' own SPI classes (a Digest,
 * Mac, Cipher, Signature, KeyAgreement, KEM, KDF or SecureRandom SPI object made for one library,
 * called as the JCA would call it, never looked up): the tests that prove the whole native stack
 * of a library, our validation and call shapes included, before that library serves a family. A
 * family whose OpenSSL tests fail is served by the JDK ({@link Dispatch#choose} asks
 * {@link Health#nativeHealthy}); one whose AWS-LC tests fail is served by OpenSSL
 * ({@link Dispatch#engine}). The few answers no SPI class can compute (an input the JCA has no way
 * to pass) call the family's binding instead ({@link #registerThroughBinding}).
 *
 * <p>The families register their tests when the provider registers their services (they live
 * above this layer: one {@code *SelfTests} class in each family's package); {@link Health} runs a
 * family's tests of an engine once, when the engine is first considered for it. A test whose
 * algorithm the loaded library lacks throws {@link NotOffered}: "not tested", with the reason. In
 * FIPS mode none runs: the FIPS module's own self-tests apply. {@link SelfTest#FAIL_PROPERTY}
 * injects failures: a family's name fails its tests on every engine, an engine's name
 * ({@code awslc}) every test of that engine.
 */
public final class EngineSelfTests {
    /** A check through an SPI object: returns null when the answer is right, else what is wrong. */
    @FunctionalInterface
    public interface Check {
        String problem(boolean injectFailure) throws Exception;
    }

    /** A check written once for every engine that serves the family: it runs on {@code engine}. */
    @FunctionalInterface
    public interface EngineCheck {
        String problem(Engine engine, boolean injectFailure) throws Exception;
    }

    /**
     * Thrown by a check whose algorithm the loaded library does not offer: the test is "not
     * tested", with the reason, not failed (the service is not offered natively either).
     */
    public static final class NotOffered extends Exception {
        /** {@code what}: the algorithm or key type the library lacks. */
        public NotOffered(String what) {
            super(what, null, false, false);
        }
    }

    /**
     * One registered test. {@code throughSpi}: false for the few known answers no SPI class can
     * compute (an input the JCA has no way to pass), which call the family's binding instead.
     */
    record Test(Family family, Engine engine, String name, String source, boolean throughSpi, Check check) {}

    private static final List<Test> TESTS = new CopyOnWriteArrayList<>();

    private EngineSelfTests() {}

    /**
     * Adds a test of {@code family} on {@code engine}; a test with the same family, engine and name
     * is added once (every provider instance registers its services again).
     */
    public static void register(Family family, Engine engine, String name, String source, Check check) {
        add(new Test(family, engine, name, source, true, check));
    }

    /**
     * Adds a known answer of {@code family} on {@code engine} that no SPI class can compute (the
     * JCA offers no way to pass one of its inputs, such as a fixed encapsulation randomness), so
     * its check calls the family's binding; reported as not through an SPI class. Everything else
     * goes through {@link #register}.
     */
    public static void registerThroughBinding(Family family, Engine engine, String name, String source, Check check) {
        add(new Test(family, engine, name, source, false, check));
    }

    private static void add(Test test) {
        synchronized (TESTS) {
            for (Test t : TESTS) {
                if (t.family == test.family && t.engine == test.engine && t.name.equals(test.name)) {
                    return;
                }
            }
            TESTS.add(test);
        }
    }

    /**
     * A known answer's verdict: null when {@code got} is {@code expectedHex}'s bytes, else "expected
     * ..., got ...". With {@code inject} the expected answer is corrupted first (its lowest bit
     * flipped), so the test fails as a wrong result would.
     */
    public static String knownAnswer(byte[] got, String expectedHex, boolean inject) {
        HexFormat hex = HexFormat.of();
        byte[] want = hex.parseHex(expectedHex);
        if (inject) {
            want[0] ^= 1;
        }
        return Arrays.equals(got, want) ? null : "expected " + hex.formatHex(want) + ", got " + hex.formatHex(got);
    }

    /** Adds a test of {@code family} on each of {@code engines} ({@link #register} for each). */
    public static void registerOnEach(
            Iterable<Engine> engines, Family family, String name, String source, EngineCheck check) {
        for (Engine engine : engines) {
            register(family, engine, name, source, inject -> check.problem(engine, inject));
        }
    }

    /** Whether {@code family} has a test on {@code engine}. */
    static boolean has(Family family, Engine engine) {
        return TESTS.stream().anyMatch(t -> t.family == family && t.engine == engine);
    }

    /** The (family, engine) pairs with tests, in registration order. */
    static List<Test> all() {
        return List.copyOf(TESTS);
    }

    /** The families with at least one test on {@code engine}. */
    static Set<Family> families(Engine engine) {
        Set<Family> out = EnumSet.noneOf(Family.class);
        for (Test t : TESTS) {
            if (t.engine == engine) {
                out.add(t.family);
            }
        }
        return out;
    }

    /**
     * Runs the tests of {@code families} on {@code engine} now, family by family in {@link Family}
     * order, failing those {@code failProperty} names (as {@link SelfTest#FAIL_PROPERTY} does).
     * {@link Health} runs each family once and keeps the verdict; this runs them again.
     */
    static SelfTest.Report report(Engine engine, Set<Family> families, String failProperty) {
        long start = System.nanoTime();
        List<SelfTest.Result> results = new ArrayList<>();
        Set<Family> injected = EnumSet.noneOf(Family.class);
        for (Family f : Family.values()) {
            if (!families.contains(f)) {
                continue;
            }
            List<SelfTest.Result> own = run(f, engine, failProperty);
            if (!own.isEmpty() && injected(f, engine, failProperty)) {
                injected.add(f);
            }
            results.addAll(own);
        }
        return SelfTest.of(results, System.nanoTime() - start, injected);
    }

    /** Runs the tests of {@code family} on {@code engine} once each. */
    static List<SelfTest.Result> run(Family family, Engine engine, String failProperty) {
        boolean inject = injected(family, engine, failProperty);
        List<SelfTest.Result> out = new ArrayList<>();
        for (Test t : TESTS) {
            if (t.family == family && t.engine == engine) {
                out.add(runOne(t, inject));
            }
        }
        return out;
    }

    static boolean injected(Family family, Engine engine, String failProperty) {
        if (failProperty == null || failProperty.isBlank()) {
            return false;
        }
        Set<Family> families = SelfTest.parseFamilies(failProperty);
        if (families.contains(family)) {
            return true;
        }
        for (String name : failProperty.split(",")) {
            if (name.trim().toLowerCase(Locale.ROOT).equals(engine.property())) {
                return true;
            }
        }
        return false;
    }

    private static SelfTest.Result runOne(Test t, boolean inject) {
        long start = System.nanoTime();
        SelfTest.Status status;
        String reason;
        if (!t.engine.available()) {
            status = SelfTest.Status.NOT_TESTED;
            reason = t.engine.property() + " not loaded (" + t.engine.unavailableReason() + ")";
        } else if (Fips.on()) {
            // the module tests itself at load (and its failure registers nothing); these known
            // answers would also run algorithms FIPS mode refuses
            Fips.Report fips = Fips.report();
            status = SelfTest.Status.NOT_TESTED;
            reason = "FIPS mode: the FIPS module's own self-tests apply ("
                    + (fips.active() ? fips.selfTest() : fips.failure()) + ")";
        } else {
            try {
                String problem = t.check.problem(inject);
                status = problem == null ? SelfTest.Status.PASSED : SelfTest.Status.FAILED;
                reason = problem == null
                        ? null
                        : problem + (inject ? " (failure injected by " + SelfTest.FAIL_PROPERTY + ")" : "");
            } catch (NotOffered e) {
                status = SelfTest.Status.NOT_TESTED;
                reason = e.getMessage() + " not offered by " + t.engine.version();
            } catch (Exception | LinkageError e) {
                status = SelfTest.Status.FAILED;
                reason = "threw " + e;
            }
        }
        return new SelfTest.Result(
                t.family, t.name, t.source, status, reason, System.nanoTime() - start, t.engine, t.throughSpi);
    }
}
