package dev.acceljce.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The in-one-JVM comparison tools run what they name: every row of {@link PeerRows} is made by
 * its benchmark's own set-up and gives an answer, a provider that does not serve a row is reported
 * as not offering it (never replaced by another), and a race of {@link HeadToHeadBenchmark} measures
 * both of its threads. Measures no speed.
 */
class PeerRowsTest {
    @Test
    void everyRowRunsOnAccelJce() throws Exception {
        List<String> rows = new ArrayList<>(PeerRows.PUBLIC_KEY);
        rows.addAll(PeerRows.RSA);
        rows.addAll(PeerRows.AEAD);
        assertEquals(13 + 4 + 20, rows.size());
        for (String row : rows) {
            Object out = PeerRows.make(row, BenchmarkProviders.ACCELJCE).call();
            assertNotNull(out, row);
            if (row.endsWith("-verify")) {
                assertEquals(Boolean.TRUE, out, row + ": the benchmark's own signature verifies");
            }
        }
    }

    @Test
    void aRowAPeerDoesNotServeIsNotOffered() {
        // ACCP has no XDH KeyAgreement
        BenchmarkProviders.NotOffered e = assertThrows(
                BenchmarkProviders.NotOffered.class, () -> PeerRows.make("x25519", BenchmarkProviders.ACCP));
        assertTrue(e.getMessage().startsWith(BenchmarkProviders.NotOffered.MARKER), e.getMessage());
    }

    @Test
    void unknownRowsAreRefused() {
        for (String row : new String[] {
            "ecdsa-p521-sign",
            "ecdsa",
            "ecdh-p384",
            "gcm-sideways-32",
            "gcm-encrypt-lots",
            "ed25519-stamp",
            "keygen-dsa",
            "rsa2048-encrypt",
            "rot13-encrypt-32"
        }) {
            assertThrows(IllegalArgumentException.class, () -> PeerRows.make(row, BenchmarkProviders.ACCELJCE), row);
        }
    }

    @Test
    void onlyProvidersThatChangeNoSettingRace() {
        Options options = briefRace("ecdh-p256", BenchmarkProviders.ACCELJCE_OPENSSL, 100)
                .shouldFailOnError(true)
                .build();
        assertThrows(RunnerException.class, () -> new Runner(options).run());
    }

    @Test
    void aRaceMeasuresBothThreads() throws Exception {
        Options options =
                briefRace("gcm-encrypt-128", BenchmarkProviders.JDK, 300).build();
        Collection<RunResult> results = new Runner(options).run();
        assertEquals(1, results.size());
        var secondary = results.iterator().next().getSecondaryResults();
        for (String side : new String[] {"first", "second"}) {
            Result<?> r = secondary.get(side);
            assertNotNull(r, side + " was not measured");
            assertTrue(r.getScore() > 0, side + " did no operation");
        }
    }

    /** AccelJCE racing {@code second} on {@code row} in this JVM, one measured iteration, no warm-up. */
    private static ChainedOptionsBuilder briefRace(String row, String second, int millis) {
        return new OptionsBuilder()
                .include(HeadToHeadBenchmark.class.getName())
                .param("row", row)
                .param("first", BenchmarkProviders.ACCELJCE)
                .param("second", second)
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(millis));
    }
}
