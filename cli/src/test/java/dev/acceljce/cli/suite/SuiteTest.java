package dev.acceljce.cli.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.bench.BenchmarkProviders;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * The suites agree with the benchmarks jar: every part selects benchmarks, sets only parameters
 * they have, names known providers, gives JDK-sw (and only JDK-sw) the intrinsics-off flags, and
 * {@code quick} fits its 4-minute promise. Reads JMH's benchmark list; runs no benchmark.
 */
class SuiteTest {
    @Test
    void everyPartSelectsBenchmarksAndSetsOnlyTheirParameters() {
        for (String name : Suite.NAMES) {
            Suite suite = Suite.named(name);
            assertFalse(suite.parts().isEmpty(), name);
            for (Suite.Part part : suite.parts()) {
                String where = name + " / " + part.title();
                List<BenchmarkListEntry> entries = SuiteRunner.entries(part.include());
                assertFalse(entries.isEmpty(), where + ": " + part.include() + " selects no benchmark");
                Set<String> declared = new HashSet<>();
                entries.forEach(e ->
                        declared.addAll(e.getParams().orElse(java.util.Map.of()).keySet()));
                for (String param : part.params().keySet()) {
                    assertTrue(declared.contains(param), where + ": no selected benchmark has parameter " + param);
                    assertFalse(part.params().get(param).isEmpty(), where + ": " + param + " has no values");
                }
                assertTrue(SuiteRunner.count(part) > 0, where);
            }
        }
    }

    @Test
    void providersAreKnownAndJdkSwRunsWithIntrinsicsOff() {
        for (String name : Suite.NAMES) {
            for (Suite.Part part : Suite.named(name).parts()) {
                String where = name + " / " + part.title();
                assertTrue(BenchmarkProviders.ALL.containsAll(part.providers()), where + ": " + part.providers());
                boolean sw = part.providers().contains(BenchmarkProviders.JDK_SW);
                if (sw) {
                    assertEquals(
                            List.of(BenchmarkProviders.JDK_SW),
                            part.providers(),
                            where + ": JDK-sw needs a part of its own");
                    assertTrue(part.jvmArgs().containsAll(BenchmarkProviders.JDK_SW_FLAGS), where);
                } else {
                    assertTrue(part.jvmArgs().stream().noneMatch(BenchmarkProviders.JDK_SW_FLAGS::contains), where);
                }
            }
        }
    }

    @Test
    void quickFitsInFourMinutes() {
        Suite quick = Suite.named("quick");
        Duration estimate =
                quick.estimate(quick.parts().stream().map(SuiteRunner::count).toList());
        assertTrue(estimate.compareTo(Duration.ofMinutes(4)) < 0, "quick is estimated at " + estimate);
    }
}
