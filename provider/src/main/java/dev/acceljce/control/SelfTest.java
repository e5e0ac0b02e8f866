package dev.acceljce.control;

import static dev.acceljce.control.KnownAnswers.*;

import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpKem;
import dev.acceljce.openssl.EvpMessageSignature;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.LibContext;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Known-answer tests of the native path, run once before it serves anything (see {@link Health}).
 * Every test calls the OpenSSL bindings directly, never a JCA look-up (which could be routed to
 * the JDK), and every expected value comes from a published standard, cited beside it.
 *
 * <p>A test whose algorithm the loaded library does not offer is "not tested" (the service is not
 * offered natively either). Adding a family's test is one entry in {@code TESTS}: a
 * {@link #kat known-answer test} (a computation and the published answer) or a
 * {@link #check health check} (a computation that judges its own result).
 *
 * <p>System property {@code acceljce.selftest.fail} (a comma-separated list of family names as
 * {@link Family#property()} spells them, or {@code all}) makes those families' tests fail, by
 * comparing against a corrupted answer: for testing the fallback, never for production.
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
     * {@code engine} is the library tested; {@code throughSpi} tells a test of an SPI class
     * ({@link EngineSelfTests}) from one of the bindings (this class's table).
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

    /** A computation through the bindings; returns empty when the library lacks the algorithm. */
    @FunctionalInterface
    private interface Computation {
        Optional<byte[]> compute();
    }

    /** A self-judging check: returns null when healthy, else what is wrong. */
    @FunctionalInterface
    private interface Check {
        String problem(boolean injectFailure);
    }

    /** One test of the table. */
    private record Test(Family family, String name, String source, Check check) {}

    private static final HexFormat HEX = HexFormat.of();

    /** Thrown by a computation whose algorithm the library does not offer. */
    private static final class NotOffered extends RuntimeException {
        NotOffered(String what) {
            super(what + " not offered by " + LibCrypto.version(), null, false, false);
        }
    }

    // Wycheproof mlkem_512_keygen_seed tcId 1 and mlkem_512_encaps tcId 10: d || z, and m
    private static final String MLKEM512_SEED = "7c9935a0b07694aa0c6d10e4db6b1add2fd81a25ccb148032dcd739936737f2d"
            + "8626ed79d451140800e03b59b956f8210e556067407d13dc90fa9e8b872bfb8f";
    private static final String MLKEM512_M = "147c03f7a5bebba406c8fae1874d7f13c80efe79a3a9a874cc09fe76f6997615";

    /** In {@link Family} order, so reports list families as the enum does. */
    private static final List<Test> TESTS = List.of(
            // ML-KEM (FIPS 203) and ML-DSA (FIPS 204), OpenSSL 3.5 only (not tested on 3.0, where
            // they are not registered). The outputs run to kilobytes, so the known answer is the
            // SHA-256 of the vector's expected output, computed from the Wycheproof files named.
            kat(
                    Family.KEM,
                    "ML-KEM-512 key generation from seed",
                    "Wycheproof mlkem_512_keygen_seed tcId 1 (NIST round 3 seed 0), SHA-256 of ek || dk",
                    "031dc7d1c7e66ced818bc9da68c45df9da8e4186bf82f810703921dfb3fbb781",
                    () -> mlKemKeyGeneration("ML-KEM-512", hex(MLKEM512_SEED))),
            kat(
                    Family.KEM,
                    "ML-KEM-512 encapsulation with fixed m",
                    "Wycheproof mlkem_512_encaps tcId 10 (same key), SHA-256 of c || K",
                    "0d9a231d4c0095d7bcb8e95b1f84a8eb56106b9709758e3fe4f9aa273abca2ce",
                    () -> mlKemEncapsulation("ML-KEM-512", hex(MLKEM512_SEED), hex(MLKEM512_M), 768)),
            kat(
                    Family.MLDSA,
                    "ML-DSA-44 deterministic signature",
                    "Wycheproof mldsa_44_sign_seed tcId 1 (seed 2a..2a, \"Hello world\"), SHA-256 of the signature",
                    "8cd6fc03daa72e87210a4e721523e84c14f27733789075e65736744d4787fdd5",
                    () -> mlDsaSignature("ML-DSA-44", hex("2a".repeat(32)), ascii("Hello world"), 2420)));

    private SelfTest() {}

    /** The families that have at least one test. */
    public static Set<Family> testedFamilies() {
        Set<Family> out = new TreeSet<>();
        TESTS.forEach(t -> out.add(t.family));
        return out;
    }

    /** The families named by {@link #FAIL_PROPERTY} now. */
    public static Set<Family> injectedByProperty() {
        return parseFamilies(System.getProperty(FAIL_PROPERTY));
    }

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

    /** Runs every test once, failing those of {@code injectFailure} on purpose. */
    public static Report run(Set<Family> injectFailure) {
        return run(EnumSet.allOf(Family.class), injectFailure);
    }

    /** Runs the tests of {@code families} once, failing those of {@code injectFailure} on purpose. */
    public static Report run(Set<Family> families, Set<Family> injectFailure) {
        long start = System.nanoTime();
        List<Result> results = new ArrayList<>();
        for (Test t : TESTS) {
            if (families.contains(t.family)) {
                results.add(runOne(t, injectFailure.contains(t.family)));
            }
        }
        return report(results, System.nanoTime() - start, injectFailure);
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

    private static Result runOne(Test t, boolean inject) {
        long start = System.nanoTime();
        Status status;
        String reason;
        if (!LibCrypto.isAvailable()) {
            status = Status.NOT_TESTED;
            reason = "libcrypto not loaded";
        } else if (LibContext.fipsRequested()) {
            // the module tests itself at load (and its failure registers nothing); these
            // known answers would also run algorithms FIPS mode refuses
            status = Status.NOT_TESTED;
            reason = "FIPS mode: the FIPS module's own self-tests apply ("
                    + (LibContext.fips().active()
                            ? LibContext.fips().selfTest()
                            : LibContext.fips().failure()) + ")";
        } else {
            try {
                String problem = t.check.problem(inject);
                status = problem == null ? Status.PASSED : Status.FAILED;
                reason = problem == null
                        ? null
                        : problem + (inject ? " (failure injected by " + FAIL_PROPERTY + ")" : "");
            } catch (NotOffered e) {
                status = Status.NOT_TESTED;
                reason = e.getMessage();
            } catch (RuntimeException | LinkageError e) {
                status = Status.FAILED;
                reason = "threw " + e;
            }
        }
        return new Result(t.family, t.name, t.source, status, reason, System.nanoTime() - start, Engine.OPENSSL, false);
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

    /** A known-answer test: {@code computation} must produce {@code expectedHex} exactly. */
    private static Test kat(Family family, String name, String source, String expectedHex, Computation computation) {
        byte[] expected = hex(expectedHex);
        return new Test(family, name, source, inject -> {
            byte[] want = expected.clone();
            if (inject) {
                want[0] ^= 1;
            }
            byte[] got = computation.compute().orElseThrow(() -> new NotOffered(name));
            return Arrays.equals(got, want) ? null : "expected " + HEX.formatHex(want) + ", got " + HEX.formatHex(got);
        });
    }

    private static Test check(Family family, String name, String source, Check check) {
        return new Test(family, name, source, check);
    }

    // ---- the computations, straight through the bindings ----

    private static Optional<byte[]> digest(String name, byte[] message) {
        return EvpDigest.fetch(name).map(md -> {
            try (EvpDigest.Context ctx = new EvpDigest.Context(md)) {
                ctx.update(message, 0, message.length);
                byte[] out = new byte[md.size()];
                ctx.finish(out, 0);
                return out;
            }
        });
    }

    /** An ML-KEM/ML-DSA key from its seed (OpenSSL's "seed" key-generation parameter), or empty. */
    private static Optional<EvpPkey.Key> seededKey(String set, byte[] seed) {
        if (!EvpPkey.hasKeyType(set)) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            return Optional.of(EvpPkey.Key.generate(
                    set, OsslParams.in(arena).octets("seed", seed).build()));
        }
    }

    private static Optional<byte[]> mlKemKeyGeneration(String set, byte[] seed) {
        return seededKey(set, seed).flatMap(k -> {
            try (k) {
                return digest("SHA256", concat(k.octetParam("pub", 8192), k.octetParam("priv", 8192)));
            }
        });
    }

    private static Optional<byte[]> mlKemEncapsulation(String set, byte[] seed, byte[] m, int ciphertextSize) {
        return seededKey(set, seed).flatMap(k -> {
            try (k;
                    Arena arena = Arena.ofConfined()) {
                EvpKem.Encapsulated e = EvpKem.encapsulate(
                        k,
                        ciphertextSize,
                        32,
                        OsslParams.in(arena).octets("ikme", m).build());
                return digest("SHA256", concat(e.ciphertext(), e.secret()));
            }
        });
    }

    private static Optional<byte[]> mlDsaSignature(String set, byte[] seed, byte[] message, int signatureSize) {
        if (!EvpMessageSignature.has(set)) {
            return Optional.empty();
        }
        return seededKey(set, seed).flatMap(k -> {
            try (k;
                    EvpMessageSignature.Algorithm alg = EvpMessageSignature.Algorithm.fetch(set);
                    Arena arena = Arena.ofConfined()) {
                byte[] sig = EvpMessageSignature.sign(
                        alg,
                        k,
                        signatureSize,
                        message,
                        message.length,
                        OsslParams.in(arena).integer("deterministic", 1).build());
                return sig == null ? Optional.of(new byte[0]) : digest("SHA256", sig);
            }
        });
    }

    private static byte[] concat(byte[] a, byte[] b) {
        if (a == null || b == null) {
            return new byte[0];
        }
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static byte[] hex(String s) {
        return HEX.parseHex(s);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
