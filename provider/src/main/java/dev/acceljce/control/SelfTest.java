package dev.acceljce.control;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the self-tests found: one {@link Result} per test, a {@link FamilyStatus} per family, and
 * the {@link Report} of a run. The tests themselves are the families' own: each family's package
 * registers known answers through its SPI classes, per library ({@link EngineSelfTests}), and
 * {@link Health} runs a family's tests once before a library first serves it. Every expected value
 * comes from a published standard, cited beside it.
 *
 * <p>System property {@code acceljce.selftest.fail} (a comma-separated list of family names as
 * {@link Family#property()} spells them, or {@code all}; or a library's name, {@code awslc}) makes
 * those tests fail, by comparing against a corrupted answer: for testing the fallback, never for
 * production.
 */
public final class SelfTest {
    /** The property that injects failures. */
    public static final String FAIL_PROPERTY = "acceljce.selftest.fail";

    /** The outcome of one test, or of a family's tests together. */
    public enum Status {
        PASSED,
        FAILED,
        NOT_TESTED
    }

    /**
     * One test's outcome. {@code reason} says why it failed or was not run; null when it passed.
     * {@code engine} is the library tested; {@code throughSpi} tells a test of an SPI class from
     * one of a binding (the few answers no SPI class can compute: {@link
     * EngineSelfTests#registerThroughBinding}).
     */
    public record Result(
            Family family,
            String name,
            String source,
            Status status,
            String reason,
            long nanos,
            Engine engine,
            boolean throughSpi) {}

    /**
     * A family's status: failed if any of its tests failed, passed if one passed and none failed,
     * else not tested. {@code reason} joins the failures, or says why nothing was tested.
     */
    public record FamilyStatus(Status status, String reason) {}

    private static final FamilyStatus NO_TEST = new FamilyStatus(Status.NOT_TESTED, "no self-test for this family");

    /** Everything one run found. */
    public record Report(
            List<Result> results, Map<Family, FamilyStatus> families, long totalNanos, Set<Family> injected) {
        public Report {
            results = List.copyOf(results);
            // EnumMap's copy constructor refuses an empty map of another kind
            families = families.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(families));
            injected = injected.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(injected));
        }

        /**
         * The status of {@code family}'s native path (its OpenSSL tests); NOT_TESTED when it has no
         * test (or none ran).
         */
        public FamilyStatus of(Family family) {
            return families.getOrDefault(family, NO_TEST);
        }

        /** The status of {@code family}'s tests on {@code engine}; NOT_TESTED when it has none there. */
        public FamilyStatus of(Family family, Engine engine) {
            List<Result> own = results.stream()
                    .filter(r -> r.family == family && r.engine == engine)
                    .toList();
            return own.isEmpty() ? NO_TEST : summarise(own);
        }

        /** FAILED if any family failed, PASSED if at least one passed, else NOT_TESTED. */
        public Status overall() {
            if (families.values().stream().anyMatch(f -> f.status == Status.FAILED)) {
                return Status.FAILED;
            }
            return families.values().stream().anyMatch(f -> f.status == Status.PASSED)
                    ? Status.PASSED
                    : Status.NOT_TESTED;
        }
    }

    private SelfTest() {}

    /** Families from a comma-separated list of {@link Family#property()} names, or "all". */
    static Set<Family> parseFamilies(String list) {
        Set<Family> out = new TreeSet<>();
        if (list == null || list.isBlank()) {
            return out;
        }
        for (String name : list.split(",")) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            for (Family f : Family.values()) {
                if (n.equals("all") || f.property().equals(n)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** One report from the reports of separate runs (of different families). */
    public static Report combine(List<Report> reports) {
        List<Result> results = new ArrayList<>();
        Set<Family> injected = new TreeSet<>();
        long nanos = 0;
        for (Report r : reports) {
            results.addAll(r.results);
            injected.addAll(r.injected);
            nanos += r.totalNanos;
        }
        return report(results, nanos, injected);
    }

    /** A report of {@code results} (of any engine), taken in {@code nanos}. */
    static Report of(List<Result> results, long nanos, Set<Family> injected) {
        return report(results, nanos, injected);
    }

    private static Report report(List<Result> results, long nanos, Set<Family> injected) {
        Map<Family, FamilyStatus> families = new EnumMap<>(Family.class);
        for (Family f : Family.values()) {
            // the native path's verdict: OpenSSL's tests (another library's gate only that library)
            List<Result> own = results.stream()
                    .filter(r -> r.family == f && r.engine == Engine.OPENSSL)
                    .toList();
            if (!own.isEmpty()) {
                families.put(f, summarise(own));
            }
        }
        return new Report(results, families, nanos, injected);
    }

    private static FamilyStatus summarise(List<Result> results) {
        List<String> failures = new ArrayList<>();
        boolean passed = false;
        for (Result r : results) {
            if (r.status == Status.FAILED) {
                failures.add(r.name + ": " + r.reason);
            }
            passed |= r.status == Status.PASSED;
        }
        if (!failures.isEmpty()) {
            return new FamilyStatus(Status.FAILED, String.join("; ", failures));
        }
        if (passed) {
            return new FamilyStatus(Status.PASSED, null);
        }
        return new FamilyStatus(Status.NOT_TESTED, results.getFirst().reason);
    }
}
