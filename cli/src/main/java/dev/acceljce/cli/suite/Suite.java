package dev.acceljce.cli.suite;

import dev.acceljce.bench.BenchmarkProviders;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The named benchmark suites of {@code acceljce bench --suite NAME}: which benchmarks, with which
 * parameters and providers, under which JMH settings. A suite is a list of {@link Part}s, each
 * one JMH run (parts differ in JVM flags, threads or CPU pinning, which JMH fixes per run).
 *
 * <ul>
 * <li>{@code quick}: the headline families at two sizes, every provider, short iterations: a
 *     smoke run that finishes in under 4 minutes on 2 cores;
 * <li>{@code seeds}: what the seed studies measured (000 Fig. 3-4, 001 Fig. 2-4, 002 Table 1);
 * <li>{@code peers}: every family AccelJCE serves against every peer, life-cycle costs, TLS
 *     handshakes and 2-thread scaling, at shortened iterations (about 40 minutes);
 * <li>{@code full}: {@code peers} with JMH's settings of the benchmarks themselves (2 forks,
 *     5 × 1 s warm-up and measurement): hours.
 * </ul>
 */
public record Suite(String name, String description, Settings settings, List<Part> parts) {
    /** JMH's iteration settings for every part of a suite (null: the benchmarks' own annotations). */
    public record Settings(
            int forks, int warmupIterations, Duration warmupTime, int measurementIterations, Duration measurementTime) {
        /** A guess of one benchmark's wall time: forks × (JVM start + warm-up + measurement). */
        public Duration estimate() {
            return warmupTime
                    .multipliedBy(warmupIterations)
                    .plus(measurementTime.multipliedBy(measurementIterations))
                    .plus(FORK_START)
                    .multipliedBy(forks);
        }

        /**
         * These settings with at least {@code minimum} of warm-up per fork (more iterations of
         * the same length), for benchmarks whose JIT warm-up is longer than the suite's.
         */
        public Settings withWarmupOf(Duration minimum) {
            long needed = (minimum.toMillis() + warmupTime.toMillis() - 1) / warmupTime.toMillis();
            return needed <= warmupIterations
                    ? this
                    : new Settings(forks, (int) needed, warmupTime, measurementIterations, measurementTime);
        }

        /** The warm-up per fork. */
        public Duration warmup() {
            return warmupTime.multipliedBy(warmupIterations);
        }

        public String describe() {
            return forks + " fork" + (forks == 1 ? "" : "s") + ", warm-up " + warmupIterations + " × "
                    + millis(warmupTime) + ", measurement " + measurementIterations + " × " + millis(measurementTime);
        }

        private static String millis(Duration d) {
            return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
        }
    }

    /**
     * One JMH run of a suite.
     *
     * @param include    JMH's include regex (benchmark class and method)
     * @param params     parameter overrides; {@code provider} is always given
     * @param jvmArgs    JVM options added to every fork of this part beyond the common ones
     * @param threads    JMH threads (1, or 2 for the scaling parts)
     * @param cpus       the CPUs the benchmark JVMs are pinned to (taskset list), e.g. "1"; null: not
     *                   pinned, the CPUs this process was started on
     * @param minWarmup  the least warm-up per fork this part needs, whatever the suite's settings
     */
    public record Part(
            String title,
            String include,
            Map<String, List<String>> params,
            List<String> jvmArgs,
            int threads,
            String cpus,
            Duration minWarmup) {
        public List<String> providers() {
            return params.get("provider");
        }

        /** The suite's settings as this part runs them. */
        public Settings settings(Settings suite) {
            return suite.withWarmupOf(minWarmup);
        }
    }

    /**
     * The warm-up a full TLS handshake needs before its rate is steady: SunJSSE and a provider's
     * handshake code are compiled over 25-40 s of handshakes on one CPU (measured on Zen 4 in
     * 2026-11-25: after 8 s of warm-up AccelJCE ran at half and ACCP at a third of their steady
     * rates, so shorter warm-ups measure the JIT, not the provider).
     */
    public static final Duration HANDSHAKE_WARMUP = Duration.ofSeconds(40);

    /** What JMH adds per fork before the first iteration (JVM start, class loading, OpenSSL load). */
    static final Duration FORK_START = Duration.ofMillis(1500);

    /** The options every benchmark JVM gets, whatever its part (same heap and flags for all). */
    public static final List<String> COMMON_JVM_ARGS =
            List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Xms1g", "-Xmx1g");

    /** The CPU single-threaded parts run on (the host JVM waits on the same CPU; others use CPU 0). */
    public static final String BENCH_CPU = "1";
    /** The CPUs of the 2-thread scaling parts. */
    public static final String SCALING_CPUS = "0,1";

    /** The providers measured in one JVM without special flags: all but JDK-sw and the per-engine rows. */
    public static final List<String> IN_PROCESS = BenchmarkProviders.ALL.stream()
            .filter(p -> !p.equals(BenchmarkProviders.JDK_SW) && !BenchmarkProviders.ENGINES.contains(p))
            .toList();
    /**
     * {@link #IN_PROCESS} and AccelJCE on each native library, for the families OpenSSL and AWS-LC
     * both serve: the rows that show which engine wins and whether auto chose it.
     */
    public static final List<String> WITH_ENGINES = java.util.stream.Stream.concat(
                    IN_PROCESS.stream(), BenchmarkProviders.ENGINES.stream())
            .toList();
    /** The seed 000 comparison: the provider with its native layer on and off. */
    static final List<String> NATIVE_ON_OFF =
            List.of(BenchmarkProviders.ACCELJCE, BenchmarkProviders.ACCELJCE_NATIVE, BenchmarkProviders.JDK);

    static final List<String> SIZES = List.of("32", "128", "512", "1024", "16384");
    /** The services the JDK, ACCP and Conscrypt lack: AccelJCE against Bouncy Castle. */
    static final List<String> BEYOND_JDK = List.of(BenchmarkProviders.ACCELJCE, BenchmarkProviders.BC);

    static final List<String> SEED_SIZES = List.of("32", "128", "512");

    public static final List<String> NAMES = List.of("quick", "seeds", "peers", "full");

    /** The suite called {@code name}. */
    public static Suite named(String name) {
        return switch (name) {
            case "quick" -> quick();
            case "seeds" -> seeds();
            case "peers" ->
                peers(
                        "peers",
                        "every family against every peer, shortened iterations",
                        new Settings(1, 2, Duration.ofMillis(500), 3, Duration.ofMillis(500)));
            case "full" ->
                peers(
                        "full",
                        "every family against every peer, the benchmarks' own JMH settings",
                        new Settings(2, 5, Duration.ofSeconds(1), 5, Duration.ofSeconds(1)));
            default -> throw new IllegalArgumentException("no suite '" + name + "': one of " + NAMES);
        };
    }

    /** The expected wall time of the whole suite, from the number of benchmarks each part runs. */
    public Duration estimate(List<Integer> benchmarksPerPart) {
        Duration total = Duration.ZERO;
        for (int i = 0; i < parts.size(); i++) {
            total = total.plus(parts.get(i).settings(settings).estimate().multipliedBy(benchmarksPerPart.get(i)));
        }
        return total;
    }

    private static Suite quick() {
        Builder b = new Builder();
        b.part("AES-GCM encrypt", "AesGcmBenchmark.encrypt", IN_PROCESS, "size", List.of("32", "16384"));
        b.part("SHA-256", "DigestBenchmark.digest", IN_PROCESS, "size", List.of("32", "16384"));
        b.part(
                "ECDSA P-256 sign",
                "EcdsaBenchmark.signEcDsa",
                IN_PROCESS,
                "size",
                List.of("32"),
                "curve",
                List.of("secp256r1"));
        b.nativeOff(
                "AES-GCM and SHA-256, JDK intrinsics off",
                "(AesGcmBenchmark.encrypt|DigestBenchmark.digest)",
                "size",
                List.of("32", "16384"));
        b.handshakes(
                "TLS 1.3 handshake",
                "TlsHandshakeBenchmark.handshake",
                List.of(BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK),
                "cert",
                List.of("EC"));
        return new Suite(
                "quick",
                "headline families at 32 B and 16 KiB, every provider, short iterations",
                new Settings(1, 2, Duration.ofMillis(400), 3, Duration.ofMillis(400)),
                b.parts);
    }

    private static Suite seeds() {
        Builder b = new Builder();
        // seed 000 Fig. 3-4: AES-GCM and SHA-256, native on vs off, 32/128/512 B
        // (a parameter override applies to every matched benchmark: each part sets only shared ones)
        b.part(
                "seed 000: AES-GCM and SHA-256, native on",
                "(AesGcmBenchmark.encrypt|DigestBenchmark.digest)",
                NATIVE_ON_OFF,
                "size",
                SEED_SIZES);
        b.nativeOff(
                "seed 000: AES-GCM and SHA-256, native off",
                "(AesGcmBenchmark.encrypt|DigestBenchmark.digest)",
                "size",
                SEED_SIZES);
        // seed 001 Fig. 2-4: AES-GCM and SHA256withECDSA P-256 sign/verify, 32/128/512 B, provider vs provider
        b.part("seed 001: AES-GCM, every provider", "AesGcmBenchmark.encrypt", IN_PROCESS, "size", SEED_SIZES);
        b.part(
                "seed 001: ECDSA P-256, every provider",
                "EcdsaBenchmark.(sign|verify)EcDsa",
                IN_PROCESS,
                "size",
                SEED_SIZES,
                "curve",
                List.of("secp256r1"));
        // seed 002 Table 1: AES-CBC 128/192/256 and AES-GCM at openssl speed's sizes, Java level
        List<String> speedSizes = List.of("16", "64", "256", "1024", "8192");
        b.part(
                "seed 002: AES-CBC",
                "CipherModesBenchmark.encrypt",
                NATIVE_ON_OFF,
                "size",
                speedSizes,
                "algorithm",
                List.of("AES/CBC/NoPadding"),
                "keyBits",
                List.of("128", "192", "256"));
        b.part("seed 002: AES-GCM", "AesGcmBenchmark.encrypt", NATIVE_ON_OFF, "size", speedSizes);
        return new Suite(
                "seeds",
                "the seed studies' figures and tables, reproduced",
                new Settings(1, 2, Duration.ofMillis(500), 3, Duration.ofMillis(500)),
                b.parts);
    }

    private static Suite peers(String name, String description, Settings settings) {
        Builder b = new Builder();
        b.part("AES-GCM", "AesGcmBenchmark", WITH_ENGINES, "size", SIZES);
        b.part("AES-CBC, AES-CTR, ChaCha20-Poly1305", "CipherModesBenchmark", IN_PROCESS, "size", SIZES);
        b.part(
                "ChaCha20-Poly1305 per engine",
                "CipherModesBenchmark",
                BenchmarkProviders.ENGINES,
                "size",
                SIZES,
                "algorithm",
                List.of("ChaCha20-Poly1305"));
        b.part(
                "Digests",
                "DigestBenchmark",
                IN_PROCESS,
                "size",
                SIZES,
                "algorithm",
                List.of("SHA-256", "SHA-512", "SHA3-256"));
        b.part("HMAC", "HmacBenchmark", IN_PROCESS, "size", SIZES, "algorithm", List.of("HmacSHA256", "HmacSHA512"));
        b.nativeOff(
                "AES-GCM and SHA-256, JDK intrinsics off",
                "(AesGcmBenchmark.encrypt|DigestBenchmark.digest)",
                "size",
                SIZES);
        b.part(
                "ECDSA P-256",
                "EcdsaBenchmark",
                WITH_ENGINES,
                "size",
                List.of("128"),
                "curve",
                List.of("secp256r1"),
                "algorithm",
                List.of("SHA256withECDSA"));
        b.part(
                "ECDSA P-384",
                "EcdsaBenchmark",
                WITH_ENGINES,
                "size",
                List.of("128"),
                "curve",
                List.of("secp384r1"),
                "algorithm",
                List.of("SHA384withECDSA"));
        b.part("Ed25519", "EdDsaBenchmark", WITH_ENGINES, "size", List.of("128"));
        b.part("X25519 and ECDH P-256", "KeyAgreementBenchmark", WITH_ENGINES);
        b.part("RSA", "RsaBenchmark", IN_PROCESS, "keyBits", List.of("2048", "4096"));
        b.part("Key generation", "KeyPairGeneratorBenchmark", WITH_ENGINES);
        b.part("Key shares: a pair and its encoding", "KeyShareBenchmark", WITH_ENGINES);
        b.part("HKDF, PBKDF2, DRBG", "KdfBenchmark", IN_PROCESS);
        b.part("ML-KEM-768", "MlKemBenchmark", IN_PROCESS);
        b.part("ML-DSA-65", "MlDsaBenchmark", IN_PROCESS);
        // beyond the JDK: only Bouncy Castle has these (docs/beyond-jdk.md)
        b.part(
                "Beyond the JDK: AES-CMAC, AES-CCM, AES-GCM-SIV, AES-XTS",
                "BeyondJdkBenchmark",
                BEYOND_JDK,
                "size",
                SIZES);
        b.part("Beyond the JDK: Argon2id", "Argon2Benchmark", BEYOND_JDK);
        b.part("Life cycle: getInstance + init + one operation", "LifecycleBenchmark", IN_PROCESS);
        b.handshakes("TLS 1.3 handshake", "TlsHandshakeBenchmark", WITH_ENGINES, "cert", List.of("EC", "RSA"));
        // against the 1-thread numbers above at the same size: 2.0x is perfect scaling on 2 CPUs
        b.scaling(
                "2 threads: AES-GCM and SHA-256",
                "(AesGcmBenchmark.encrypt|DigestBenchmark.digest)",
                IN_PROCESS,
                "size",
                List.of("1024"));
        b.scaling(
                "2 threads: ECDSA P-256 sign",
                "EcdsaBenchmark.signEcDsa",
                IN_PROCESS,
                "size",
                List.of("128"),
                "curve",
                List.of("secp256r1"),
                "algorithm",
                List.of("SHA256withECDSA"));
        return new Suite(name, description, settings, b.parts);
    }

    /** Collects parts; includes are anchored to the bench package. */
    private static final class Builder {
        final List<Part> parts = new ArrayList<>();

        void part(String title, String include, List<String> providers, Object... params) {
            parts.add(new Part(
                    title, anchor(include), params(providers, params), List.of(), 1, BENCH_CPU, Duration.ZERO));
        }

        void handshakes(String title, String include, List<String> providers, Object... params) {
            parts.add(new Part(
                    title, anchor(include), params(providers, params), List.of(), 1, BENCH_CPU, HANDSHAKE_WARMUP));
        }

        void nativeOff(String title, String include, Object... params) {
            parts.add(new Part(
                    title,
                    anchor(include),
                    params(List.of(BenchmarkProviders.JDK_SW), params),
                    BenchmarkProviders.JDK_SW_FLAGS,
                    1,
                    BENCH_CPU,
                    Duration.ZERO));
        }

        void scaling(String title, String include, List<String> providers, Object... params) {
            parts.add(new Part(
                    title, anchor(include), params(providers, params), List.of(), 2, SCALING_CPUS, Duration.ZERO));
        }

        private static String anchor(String include) {
            return "^dev\\.acceljce\\.bench\\." + include;
        }

        @SuppressWarnings("unchecked")
        private static Map<String, List<String>> params(List<String> providers, Object... pairs) {
            Map<String, List<String>> m = new LinkedHashMap<>();
            m.put("provider", providers);
            for (int i = 0; i < pairs.length; i += 2) {
                m.put((String) pairs[i], (List<String>) pairs[i + 1]);
            }
            return m;
        }
    }
}
