package dev.acceljce.cli;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.cli.report.BenchmarkResult;
import dev.acceljce.cli.report.PerformanceReport;
import dev.acceljce.cli.report.ReportEnvironment;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@code acceljce demo}: what AccelJCE serves here, then a short JMH run of a few operations,
 * AccelJCE and the JDK side by side, with the ratios. Minutes, not the full suite.
 */
final class DemoCommand implements Command {
    /** One measured operation: a benchmark method at one size, and the JCA service it uses. */
    record Item(String label, String benchmark, String type, String algorithm, int size) {}

    static final List<Item> ITEMS = List.of(
            new Item(
                    "AES-128-GCM encrypt",
                    "dev.acceljce.bench.AesGcmBenchmark.encrypt",
                    "Cipher",
                    "AES/GCM/NoPadding",
                    32),
            new Item(
                    "AES-128-GCM encrypt",
                    "dev.acceljce.bench.AesGcmBenchmark.encrypt",
                    "Cipher",
                    "AES/GCM/NoPadding",
                    16384),
            new Item("SHA-256", "dev.acceljce.bench.DigestBenchmark.digest", "MessageDigest", "SHA-256", 32),
            new Item("SHA-256", "dev.acceljce.bench.DigestBenchmark.digest", "MessageDigest", "SHA-256", 16384),
            new Item("HmacSHA256", "dev.acceljce.bench.HmacBenchmark.mac", "Mac", "HmacSHA256", 1024));

    /**
     * Per benchmark and provider: 1 fork, 3 × 1 s warm-up, 5 × 1 s measurement (about 9 s). Five
     * measurements, not three, keep JMH's 99.9% confidence interval (Student's t) usable.
     */
    private static final int WARMUP_ITERATIONS = 3;

    private static final int MEASUREMENT_ITERATIONS = 5;

    @Override
    public String name() {
        return "demo";
    }

    @Override
    public String summary() {
        return "info's summary, then a short JMH run of AES-GCM, SHA-256, HMAC: AccelJCE vs JDK";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce demo

                Prints what AccelJCE serves on this machine, then runs a short JMH comparison
                (1 fork, 3 × 1 s warm-up, 5 × 1 s measurement per provider, about 90 s in all) of
                AES-128-GCM at 32 B and 16 KiB, SHA-256 at 32 B and 16 KiB and HmacSHA256 at 1 KiB,
                AccelJCE against the JDK's own provider, and prints the table with the ratios.
                An operation AccelJCE does not serve yet is measured for the JDK only.
                The JSON of each run is kept under target/demo/.
                """;
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        Info info = Info.collect();
        out.print(info.summary());
        Path dir = Main.home().resolve("target/demo");
        Files.createDirectories(dir);
        Provider accel = new AccelJceProvider();
        int seconds = 0;
        for (Item item : ITEMS) {
            seconds += (served(accel, item) ? 2 : 1) * (WARMUP_ITERATIONS + MEASUREMENT_ITERATIONS + 1);
        }
        out.printf(Locale.ROOT, "%nShort JMH run, AccelJCE vs the JDK's provider (about %d s):%n", seconds);
        List<BenchmarkResult> all = new ArrayList<>();
        for (int i = 0; i < ITEMS.size(); i++) {
            Item item = ITEMS.get(i);
            boolean accelServes = served(accel, item);
            out.printf(Locale.ROOT, "  [%d/%d] %s, %d B: ", i + 1, ITEMS.size(), item.label(), item.size());
            out.flush();
            Path json = dir.resolve("demo-" + (i + 1) + ".json");
            try {
                List<BenchmarkResult> results = measure(item, accelServes, json);
                all.addAll(results);
                out.println(line(results, accelServes));
            } catch (RunnerException e) {
                out.println("failed: " + rootMessage(e));
            }
        }
        out.println();
        out.print(PerformanceReport.render(
                all,
                ReportEnvironment.ofThisMachine(ReportCommand.DATE.format(Instant.now()), dir.toString()),
                ReportEnvironment.acceljcePaths()));
        out.println("These are short runs (1 fork, " + WARMUP_ITERATIONS + " × 1 s warm-up, "
                + MEASUREMENT_ITERATIONS + " × 1 s measurement): indicative only. docs/performance.md has"
                + " the full runs; `./acceljce bench` repeats them here.");
        return 0;
    }

    private static List<BenchmarkResult> measure(Item item, boolean accelServes, Path json)
            throws RunnerException, java.io.IOException {
        String[] providers = accelServes ? new String[] {"AccelJCE", "JDK"} : new String[] {"JDK"};
        new Runner(new OptionsBuilder()
                        .include("^" + Pattern.quote(item.benchmark()) + "$")
                        .param("provider", providers)
                        .param("size", Integer.toString(item.size()))
                        .forks(1)
                        .warmupIterations(WARMUP_ITERATIONS)
                        .warmupTime(TimeValue.seconds(1))
                        .measurementIterations(MEASUREMENT_ITERATIONS)
                        .measurementTime(TimeValue.seconds(1))
                        .resultFormat(ResultFormatType.JSON)
                        .result(json.toString())
                        .verbosity(VerboseMode.SILENT)
                        .shouldFailOnError(true)
                        .build())
                .run();
        return BenchmarkResult.parseAll(Files.readString(json));
    }

    private static String line(List<BenchmarkResult> results, boolean accelServes) {
        double accel = Double.NaN;
        double jdk = Double.NaN;
        for (BenchmarkResult r : results) {
            if ("AccelJCE".equals(r.param("provider"))) {
                accel = r.opsPerSecond();
            } else if ("JDK".equals(r.param("provider"))) {
                jdk = r.opsPerSecond();
            }
        }
        String jdkPart = String.format(Locale.ROOT, "JDK %,.1f ns/op", 1e9 / jdk);
        if (!accelServes) {
            return "AccelJCE does not serve it yet; " + jdkPart;
        }
        return String.format(
                Locale.ROOT, "AccelJCE %,.1f ns/op, %s, AccelJCE/JDK %.2f×", 1e9 / accel, jdkPart, accel / jdk);
    }

    /** Whether this build of AccelJCE has the item's service (natively or through its JDK path). */
    private static boolean served(Provider accel, Item item) {
        try {
            switch (item.type()) {
                case "Cipher" -> Cipher.getInstance(item.algorithm(), accel);
                case "Mac" -> Mac.getInstance(item.algorithm(), accel);
                case "MessageDigest" -> MessageDigest.getInstance(item.algorithm(), accel);
                default -> throw new IllegalArgumentException("unknown engine type " + item.type());
            }
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static String rootMessage(Throwable t) {
        Throwable cause = t;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        for (Throwable s : t.getSuppressed()) {
            cause = s;
        }
        return cause.toString();
    }
}
