package dev.acceljce.cli.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.bench.BenchmarkProviders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * The demo's plan keeps its promises: every family the demo concludes on is measured, each row
 * is one benchmark of the benchmarks jar at parameters it has, AccelJCE against the JDK, and the
 * whole plan (forks × (start + warm-up + measurement)) fits the 3-minute budget. Reads JMH's
 * benchmark list; runs no benchmark.
 */
class DemoPlanTest {
    @Test
    void everyFamilyIsMeasured() {
        Map<String, List<DemoPlan.Row>> families = DemoPlan.families();
        assertEquals(
                List.of(
                        "AES-GCM",
                        "SHA-256",
                        "HMAC-SHA256",
                        "ECDSA P-256",
                        "Ed25519",
                        "X25519",
                        "RSA-2048",
                        "TLS 1.3 handshake"),
                List.copyOf(families.keySet()));
        assertEquals(
                List.of("sign", "verify"),
                families.get("ECDSA P-256").stream().map(DemoPlan.Row::point).toList());
        assertEquals(
                List.of("sign"),
                families.get("Ed25519").stream().map(DemoPlan.Row::point).toList());
        assertEquals(
                List.of("32 B", "16 KiB"),
                families.get("AES-GCM").stream().map(DemoPlan.Row::point).toList());
    }

    @Test
    void eachRowIsOneBenchmarkAccelJceAgainstTheJdk() {
        for (DemoPlan.Row row : DemoPlan.ROWS) {
            List<BenchmarkListEntry> entries = SuiteRunner.entries(row.part().include());
            assertEquals(1, entries.size(), row.label() + ": " + row.part().include());
            assertEquals(row.benchmark(), entries.getFirst().getUsername(), row.label());
            Map<String, String[]> declared = entries.getFirst().getParams().orElse(Map.of());
            for (String param : row.part().params().keySet()) {
                assertTrue(declared.containsKey(param), row.label() + ": the benchmark has no parameter " + param);
            }
            assertEquals(
                    row.ownStack()
                            ? List.of(DemoPlan.OWN_TLS)
                            : List.of(BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK),
                    row.part().providers(),
                    row.label());
            assertEquals(row.part().providers().getFirst(), row.subject(), row.label());
            // one benchmark per provider: the estimate counts the forks JMH will run
            assertEquals(row.forks(), SuiteRunner.count(row.part()), row.label());
            assertEquals(1, row.settings().forks(), row.label());
            assertEquals(Suite.BENCH_CPU, row.part().cpus(), row.label() + ": pinned as bench --suite pins");
            assertTrue(row.services().stream().allMatch(s -> s.matches("[A-Za-z]+\\.[^.].*")), row.label());
        }
    }

    @Test
    void ourTlsStackRunsTheSunJsseRowsHandshakeInOneForkOfItsOwn() {
        List<DemoPlan.Row> tls = DemoPlan.families().get("TLS 1.3 handshake");
        assertEquals(2, tls.size());
        DemoPlan.Row sunJsse = tls.get(0);
        DemoPlan.Row own = tls.get(1);
        assertTrue(!sunJsse.ownStack() && own.ownStack());
        assertEquals(DemoPlan.OWN_TLS, own.subject());
        assertEquals(BenchmarkProviders.ACCELJCE, sunJsse.subject());
        // the report finds its two baselines by benchmark and fixed parameters: they must be the SunJSSE row's
        assertEquals(sunJsse.benchmark(), own.benchmark());
        assertEquals(sunJsse.part().include(), own.part().include());
        assertEquals(Map.of("cert", "EC", "group", "x25519", "protocol", "TLSv1.3"), Map.copyOf(sunJsse.fixedParams()));
        assertEquals(sunJsse.fixedParams(), own.fixedParams());
        assertEquals(sunJsse.warmup(), own.warmup());
        assertEquals(sunJsse.setup(), own.setup());
        assertEquals(1, own.forks());
        assertEquals(1, SuiteRunner.count(own.part()));
        // every other row measures AccelJCE's JCA provider
        assertEquals(1, DemoPlan.ROWS.stream().filter(DemoPlan.Row::ownStack).count());
    }

    @Test
    void eachRowWarmsUpAsPlannedAndSaysSo() {
        for (DemoPlan.Row row : DemoPlan.ROWS) {
            // the warm-up JMH runs (iterations × time) is the row's, not the suite's one iteration
            assertEquals(row.warmup(), row.settings().warmup(), row.label());
            assertTrue(row.warmup().compareTo(Duration.ofSeconds(2)) >= 0, row.label() + " warms up " + row.warmup());
            assertTrue(DemoPlan.warmups().stream().anyMatch(l -> l.contains(row.family())), row.family());
        }
        DemoPlan.Row handshake = DemoPlan.families().get("TLS 1.3 handshake").getFirst();
        assertTrue(handshake.warmup().compareTo(Duration.ofSeconds(15)) >= 0, "handshake " + handshake.warmup());
        // several samples per fork: JMH's 99.9% interval needs them
        assertTrue(DemoPlan.SETTINGS.measurementIterations() >= 5);
    }

    @Test
    void theSuiteRunsTheRowsPinnedWhereTheDemoSays() {
        for (String cpus : java.util.Arrays.asList("1", null)) {
            List<Suite.Part> parts = DemoPlan.suite(cpus).parts();
            assertEquals(DemoPlan.ROWS.size(), parts.size());
            for (int i = 0; i < parts.size(); i++) {
                Suite.Part planned = DemoPlan.ROWS.get(i).part();
                assertEquals(planned.include(), parts.get(i).include());
                assertEquals(planned.params(), parts.get(i).params());
                assertEquals(planned.minWarmup(), parts.get(i).minWarmup());
                assertEquals(cpus, parts.get(i).cpus());
            }
        }
    }

    @Test
    void fitsInThreeMinutes() {
        Duration forks = Duration.ZERO;
        for (DemoPlan.Row row : DemoPlan.ROWS) {
            Suite.Settings s = row.settings();
            Duration perFork = Suite.FORK_START
                    .plus(row.setup())
                    .plus(s.warmup())
                    .plus(s.measurementTime().multipliedBy(s.measurementIterations()));
            forks = forks.plus(perFork.multipliedBy(SuiteRunner.count(row.part())));
        }
        assertEquals(forks.plus(DemoPlan.HOST), DemoPlan.estimate());
        assertTrue(
                DemoPlan.estimate().compareTo(DemoPlan.BUDGET) <= 0,
                "the demo is estimated at " + DemoPlan.estimate() + ", over " + DemoPlan.BUDGET);
    }
}
