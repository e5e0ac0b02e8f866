package dev.acceljce.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@link CountersOverheadBenchmark#encrypt} with counting on and off, alternating, all in this one
 * JVM (JMH without forks). Forks of one setting differ by up to 10% on a shared VM (each JVM lays
 * out its compiled code anew), which hides a 2% effect; here both settings run the same compiled
 * code, and all that differs is whether the cipher's tally counts. Each round writes
 * {@code round-<n>-on.json} and {@code round-<n>-off.json} (JMH's result format, the score only)
 * for {@code scripts/counters-overhead.sh} to analyse.
 *
 * <p>Usage: {@code java --enable-native-access=ALL-UNNAMED -cp benchmarks.jar
 * dev.acceljce.bench.CountersOverheadOneJvm <rounds> <out-dir>}
 */
public final class CountersOverheadOneJvm {
    private CountersOverheadOneJvm() {}

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        for (int r = 1; r <= rounds; r++) {
            String[] order = r % 2 == 1 ? new String[] {"on", "off"} : new String[] {"off", "on"};
            for (String counters : order) {
                Options o = new OptionsBuilder()
                        .include(CountersOverheadBenchmark.class.getName() + ".encrypt")
                        .param("counters", counters)
                        .forks(0)
                        .warmupIterations(2)
                        .warmupTime(TimeValue.seconds(1))
                        .measurementIterations(5)
                        .measurementTime(TimeValue.seconds(1))
                        .verbosity(VerboseMode.SILENT)
                        .build();
                RunResult result = new Runner(o).runSingle();
                double score = result.getPrimaryResult().getScore();
                Files.writeString(
                        out.resolve("round-" + r + "-" + counters + ".json"),
                        String.format(Locale.ROOT, "[{\"primaryMetric\":{\"score\":%.4f}}]%n", score));
            }
            System.out.println("round " + r + " of " + rounds + " done");
        }
    }
}
