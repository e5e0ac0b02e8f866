package dev.acceljce.cli.suite;

import dev.acceljce.bench.BenchmarkProviders;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code acceljce demo} measures and for how long: one {@link Suite} part per row, each one
 * benchmark method of the bench module at one parameter set, AccelJCE (under the policy the JVM
 * runs, {@code auto} unless set) against the JDK's own provider, one JMH fork each. The rows come
 * in families (AES-GCM, SHA-256, HMAC, ECDSA, Ed25519, X25519, RSA, the TLS handshake), and the
 * demo ends with one sentence per family. One row measures another provider than AccelJCE's JCA
 * provider ({@link Row#subject}): AccelJCE's own TLS stack ({@code AccelJCE-TLS}), the same
 * handshake as the SunJSSE row before it, in one fork of its own; the report sets it beside both
 * SunJSSE forks of that row (on AccelJCE and on the JDK).
 *
 * <p>The budget: {@link #BUDGET} for the whole command after the build, on 2 CPUs with the
 * benchmark JVMs pinned to one. Each fork pays its start ({@link Suite#FORK_START} plus the
 * part's {@link Row#setup}), its warm-up and its measurement, one after the other, so the plan's
 * wall time is the sum over forks ({@link #estimate}), on an otherwise idle machine; a busy one
 * slows every JVM start and the demo says so. The warm-ups are per family, meant to be long
 * enough for HotSpot's C2 to have compiled the hot code of both providers and for the native
 * library's first calls to be behind ({@link #SYMMETRIC_WARMUP} and the others give the
 * reasoning; only the handshake's figure comes from a measured warm-up curve, and the demo gives
 * it half of that).
 */
public final class DemoPlan {
    /** The promise: the whole demo, after the build, in this time. */
    public static final Duration BUDGET = Duration.ofMinutes(3);

    /**
     * The demo's own time outside the benchmark forks: the launcher's JVM, the info summary (it
     * loads OpenSSL and runs the self-tests), JMH's benchmark list, the report.
     */
    public static final Duration HOST = Duration.ofSeconds(8);

    /**
     * Every measurement: 8 × 200 ms. Eight samples keep JMH's 99.9% interval (Student's t, 7
     * degrees of freedom) within about 1.9 standard deviations of the samples.
     */
    static final int MEASUREMENT_ITERATIONS = 8;

    static final Duration ITERATION = Duration.ofMillis(200);

    /**
     * AES-GCM, SHA-256, HMAC: small hot methods on both paths, called hundreds of thousands of
     * times a second, so they pass C2's thresholds within milliseconds and are compiled within
     * the first second on an idle CPU. 2 s per fork.
     */
    static final Duration SYMMETRIC_WARMUP = Duration.ofSeconds(2);

    /**
     * Signatures and key agreement: fewer calls a second (thousands), and the JDK's pure-Java
     * field arithmetic is larger code for C2 to compile, on the one CPU the benchmark also runs on.
     * 2.4 s per fork (12 iterations of {@link #ITERATION}): 3 s until the handshake got its third
     * fork (AccelJCE's own TLS stack), which took the estimate to 199.3 s, over the budget; 0.6 s
     * off each of these ten forks (6 s) and 5 s off each handshake fork's warm-up (15 s) bring it
     * back to 178.3 s.
     */
    static final Duration PUBLIC_KEY_WARMUP = Duration.ofMillis(2400);

    /**
     * The full TLS handshake: SunJSSE's handshake code is large and each method runs once per
     * handshake, so C2 reaches it last. The full suites give it {@link Suite#HANDSHAKE_WARMUP}
     * (40 s: on a Zen 4 the rates were steady after 25-40 s); the demo's budget allows 15 s for
     * each of its three handshake forks (SunJSSE on AccelJCE, on the JDK, AccelJCE's own TLS
     * stack; 20 s when there were two), and the demo says so: every rate may still rise after it.
     */
    public static final Duration HANDSHAKE_WARMUP = Duration.ofSeconds(15);

    /**
     * The demo's JMH settings: one fork, iterations of {@link #ITERATION}; the warm-up given here
     * (one iteration) is each row's minimum, lengthened to its {@link Row#warmup}.
     */
    static final Suite.Settings SETTINGS = new Suite.Settings(1, 1, ITERATION, MEASUREMENT_ITERATIONS, ITERATION);

    /** The providers of every row but the own-stack one: AccelJCE as a user gets it, and the JDK's own provider. */
    static final List<String> PROVIDERS = List.of(BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK);

    /**
     * The provider value of the handshake benchmark that runs AccelJCE's own TLS stack (the
     * {@code AccelJCE-TLS} SSLContext, AWS-LC's libssl) instead of SunJSSE.
     */
    public static final String OWN_TLS = dev.acceljce.bench.TlsHandshakeBenchmark.ACCELJCE_TLS;

    /**
     * One row of the demo's table.
     *
     * @param family    the family its conclusion sentence speaks of ("AES-GCM")
     * @param label     what the row measures ("AES-128-GCM encrypt 32 B")
     * @param point     what the row is within its family, for the family's sentence ("32 B", "sign")
     * @param benchmark the JMH benchmark, class and method ("dev.acceljce.bench.AesGcmBenchmark.encrypt")
     * @param services  the AccelJCE services (type.algorithm) whose path {@code auto} chose for it
     * @param size      the payload size auto's choice is judged at (bytes; -1 when the choice is per
     *                  object, not per message)
     * @param warmup    warm-up per fork
     * @param setup     per fork, on top of the JVM start: the benchmark's own set-up (key
     *                  generation, the TLS benchmark's keytool run)
     * @param part      the JMH run: the benchmark, its parameters and the providers it forks
     * @param subject   the provider in the table's AccelJCE column: {@code AccelJCE} for every row
     *                  but the own-stack handshake's ({@link #OWN_TLS}), which forks only that
     *                  provider and is set against the JDK and AccelJCE forks of the same
     *                  benchmark and parameters (the SunJSSE row's)
     */
    public record Row(
            String family,
            String label,
            String point,
            String benchmark,
            List<String> services,
            long size,
            Duration warmup,
            Duration setup,
            Suite.Part part,
            String subject) {
        /** Whether the row measures AccelJCE's own TLS stack rather than AccelJCE's JCA provider. */
        public boolean ownStack() {
            return !subject.equals(BenchmarkProviders.ACCELJCE);
        }

        /** How many JMH forks the row runs: one per provider. */
        public int forks() {
            return part.providers().size();
        }

        /** The parameters the row fixes, all but the provider. */
        public Map<String, String> fixedParams() {
            Map<String, String> out = new LinkedHashMap<>();
            part.params().forEach((k, v) -> {
                if (!k.equals("provider")) {
                    out.put(k, v.getFirst());
                }
            });
            return out;
        }

        /** The JMH settings this row runs with: the demo's, with the row's warm-up. */
        public Suite.Settings settings() {
            return part.settings(SETTINGS);
        }

        /** The wall time of the row's forks, one after the other: start, set-up, warm-up, measurement. */
        public Duration estimate() {
            return settings()
                    .estimate()
                    .plus(setup.multipliedBy(settings().forks()))
                    .multipliedBy(forks());
        }
    }

    private DemoPlan() {}

    /** The rows, in the order the demo runs and prints them. */
    public static final List<Row> ROWS = rows();

    /** The families, in order, each with its rows. */
    public static Map<String, List<Row>> families() {
        Map<String, List<Row>> out = new LinkedHashMap<>();
        for (Row r : ROWS) {
            out.computeIfAbsent(r.family(), k -> new ArrayList<>()).add(r);
        }
        return out;
    }

    /**
     * The plan as a suite for {@link SuiteRunner} (the suite's warm-up is each part's minimum),
     * its benchmark JVMs pinned to {@code cpus} (a taskset list), or not pinned when null.
     */
    public static Suite suite(String cpus) {
        return new Suite(
                "demo",
                "AccelJCE against the JDK, a few operations per family",
                SETTINGS,
                ROWS.stream()
                        .map(Row::part)
                        .map(p -> new Suite.Part(
                                p.title(), p.include(), p.params(), p.jvmArgs(), p.threads(), cpus, p.minWarmup()))
                        .toList());
    }

    /** The expected wall time of the demo: every fork of every row, plus {@link #HOST}. */
    public static Duration estimate() {
        return ROWS.stream().map(Row::estimate).reduce(HOST, Duration::plus);
    }

    /** One line per warm-up length for the demo's output: which families, how long per JVM. */
    public static List<String> warmups() {
        Map<Duration, List<String>> byLength = new LinkedHashMap<>();
        for (Row r : ROWS) {
            List<String> names = byLength.computeIfAbsent(r.warmup(), k -> new ArrayList<>());
            if (!names.contains(r.family())) {
                names.add(r.family());
            }
        }
        List<String> out = new ArrayList<>();
        byLength.forEach((d, names) -> out.add(String.join(", ", names) + ": " + seconds(d) + " warm-up, then "
                + MEASUREMENT_ITERATIONS + " × " + ITERATION.toMillis() + " ms measured, per JVM"));
        return out;
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() / 1000.0 + " s";
    }

    private static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        Duration none = Duration.ZERO;
        for (String size : List.of("32", "16384")) {
            rows.add(row(
                    "AES-GCM",
                    "AES-128-GCM encrypt " + bytes(size),
                    bytes(size),
                    List.of("Cipher.AES/GCM/NoPadding"),
                    Long.parseLong(size),
                    SYMMETRIC_WARMUP,
                    none,
                    "AesGcmBenchmark.encrypt",
                    "size",
                    size));
        }
        for (String size : List.of("32", "16384")) {
            rows.add(row(
                    "SHA-256",
                    "SHA-256 " + bytes(size),
                    bytes(size),
                    List.of("MessageDigest.SHA-256"),
                    Long.parseLong(size),
                    SYMMETRIC_WARMUP,
                    none,
                    "DigestBenchmark.digest",
                    "size",
                    size,
                    "algorithm",
                    "SHA-256"));
        }
        rows.add(row(
                "HMAC-SHA256",
                "HmacSHA256 1 KiB",
                "1 KiB",
                List.of("Mac.HmacSHA256"),
                1024,
                SYMMETRIC_WARMUP,
                none,
                "HmacBenchmark.mac",
                "size",
                "1024",
                "algorithm",
                "HmacSHA256"));
        for (String op : List.of("sign", "verify")) {
            rows.add(row(
                    "ECDSA P-256",
                    "SHA256withECDSA P-256 " + op,
                    op,
                    List.of("Signature.SHA256withECDSA"),
                    -1,
                    PUBLIC_KEY_WARMUP,
                    none,
                    "EcdsaBenchmark." + op + "EcDsa",
                    "size",
                    "32",
                    "curve",
                    "secp256r1",
                    "algorithm",
                    "SHA256withECDSA"));
        }
        // Ed25519 verification would cost 2 more forks (~12 s) the budget does not have
        rows.add(row(
                "Ed25519",
                "Ed25519 sign",
                "sign",
                List.of("Signature.Ed25519"),
                -1,
                PUBLIC_KEY_WARMUP,
                none,
                "EdDsaBenchmark.sign",
                "size",
                "32",
                "algorithm",
                "Ed25519"));
        rows.add(row(
                "X25519",
                "X25519 agreement",
                "agreement",
                List.of("KeyAgreement.XDH"),
                -1,
                PUBLIC_KEY_WARMUP,
                none,
                "KeyAgreementBenchmark.agree",
                "group",
                "X25519"));
        rows.add(row(
                "RSA-2048",
                "SHA256withRSA 2048 sign",
                "sign",
                List.of("Signature.SHA256withRSA"),
                -1,
                PUBLIC_KEY_WARMUP,
                // each fork generates the shared 2048-bit key pair with the JDK, in cold code
                Duration.ofSeconds(2),
                "RsaBenchmark.sign",
                "keyBits",
                "2048",
                "algorithm",
                "SHA256withRSA"));
        rows.add(row(
                "TLS 1.3 handshake",
                "TLS 1.3 handshake, SunJSSE (ECDSA P-256, x25519)",
                "SunJSSE",
                List.of("Signature.SHA256withECDSA", "KeyAgreement.XDH", "KeyPairGenerator.XDH"),
                -1,
                HANDSHAKE_WARMUP,
                // keytool makes the certificate in a JVM of its own, then one handshake checks it
                Duration.ofSeconds(2),
                "TlsHandshakeBenchmark.handshake",
                "cert",
                "EC",
                "group",
                "x25519",
                "protocol",
                "TLSv1.3"));
        // the same handshake on AccelJCE's own TLS stack: one fork, its ratios from the SunJSSE
        // row's two (same benchmark, same parameters)
        DemoPlan.Row sunJsse = rows.getLast();
        Map<String, List<String>> own = new LinkedHashMap<>(sunJsse.part().params());
        own.put("provider", List.of(OWN_TLS));
        rows.add(new Row(
                sunJsse.family(),
                "TLS 1.3 handshake, AccelJCE-TLS (ECDSA P-256, x25519)",
                OWN_TLS,
                sunJsse.benchmark(),
                List.of(),
                -1,
                sunJsse.warmup(),
                sunJsse.setup(),
                new Suite.Part(
                        sunJsse.family() + ": AccelJCE-TLS",
                        sunJsse.part().include(),
                        own,
                        List.of(),
                        1,
                        Suite.BENCH_CPU,
                        sunJsse.warmup()),
                OWN_TLS));
        return List.copyOf(rows);
    }

    private static String bytes(String size) {
        int n = Integer.parseInt(size);
        return n >= 1024 && n % 1024 == 0 ? n / 1024 + " KiB" : n + " B";
    }

    private static Row row(
            String family,
            String label,
            String point,
            List<String> services,
            long size,
            Duration warmup,
            Duration setup,
            String method,
            String... params) {
        Map<String, List<String>> p = new LinkedHashMap<>();
        p.put("provider", PROVIDERS);
        for (int i = 0; i < params.length; i += 2) {
            p.put(params[i], List.of(params[i + 1]));
        }
        String benchmark = "dev.acceljce.bench." + method;
        Suite.Part part = new Suite.Part(
                family + ": " + label,
                "^" + java.util.regex.Pattern.quote(benchmark) + "$",
                p,
                List.of(),
                1,
                Suite.BENCH_CPU,
                warmup);
        return new Row(
                family, label, point, benchmark, services, size, warmup, setup, part, BenchmarkProviders.ACCELJCE);
    }
}
