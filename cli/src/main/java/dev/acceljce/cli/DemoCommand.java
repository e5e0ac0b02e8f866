package dev.acceljce.cli;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.cli.report.BenchmarkResult;
import dev.acceljce.cli.report.Comparison;
import dev.acceljce.cli.report.DemoReport;
import dev.acceljce.cli.suite.DemoPlan;
import dev.acceljce.cli.suite.Suite;
import dev.acceljce.cli.suite.SuiteRunner;
import dev.acceljce.service.ServiceReport;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * {@code acceljce demo}: what AccelJCE serves here, then a short JMH run of a few operations per
 * family ({@link DemoPlan}: symmetric, public-key, the TLS handshake), AccelJCE and the JDK side by
 * side, and one sentence per family on where AccelJCE stands on this CPU.
 */
final class DemoCommand implements Command {
    @Override
    public String name() {
        return "demo";
    }

    @Override
    public String summary() {
        return "info's summary, then AccelJCE vs JDK per family here (symmetric, public key, TLS): ~3 min";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce demo

                Prints what AccelJCE serves on this machine, then measures with JMH, AccelJCE (as a
                user gets it: policy auto unless set) against the JDK's own providers, one JVM each:
                  AES-128-GCM encrypt 32 B and 16 KiB, SHA-256 32 B and 16 KiB, HmacSHA256 1 KiB;
                  SHA256withECDSA P-256 sign and verify, Ed25519 sign, X25519 agreement,
                  SHA256withRSA 2048 sign;
                  a full TLS 1.3 handshake (in-memory SSLEngines, new session each time, ECDSA
                  P-256 certificate, x25519) through SunJSSE, and the same handshake on AccelJCE's
                  own TLS stack (AccelJCE-TLS, AWS-LC's libssl), set against SunJSSE on the JDK
                  and SunJSSE on AccelJCE.
                Each JVM warms up first (2 s for the symmetric rows, 2.4 s for the public-key ones,
                15 s for the handshakes; the output says so), then measures 8 × 200 ms. The benchmark
                JVMs are pinned to CPU 1 with taskset, as `bench --suite` does (started under taskset
                or in a cpuset, the demo keeps the CPUs it was given instead). About 3 minutes after
                the build on an otherwise idle machine. It ends with the table (ratio ± error,
                faster/even/slower, the path AccelJCE took) and one sentence per family. The JSON
                and JMH's log are kept under target/demo/. Short runs: indicative; `./acceljce bench
                --suite peers` measures every family against every peer.
                """;
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        Info info = Info.collect();
        out.print(info.summary());
        Path dir = Main.home().resolve("target/demo");
        Files.createDirectories(dir);
        out.println();
        // pinned as bench --suite pins, unless someone already pinned this process (taskset, a
        // container's cpuset): then its CPUs are kept, not taken back
        String allowed = allowedCpus();
        String cpus = allowed == null || allowed.equals(onlineCpus()) ? Suite.BENCH_CPU : null;
        out.println("Measuring AccelJCE against the JDK's providers, one JMH fork (JVM) per provider and row, "
                + (cpus != null
                        ? "pinned to CPU " + cpus
                        : "on CPU " + allowed + " (this process was started pinned there: kept)")
                + "; about " + minutes(DemoPlan.estimate()) + " in all. Warm-up:");
        for (String line : DemoPlan.warmups()) {
            out.println("  " + line);
        }
        out.println("  (the full suites give the handshake " + Suite.HANDSHAKE_WARMUP.toSeconds() + " s; after "
                + DemoPlan.HANDSHAKE_WARMUP.toSeconds() + " s every handshake rate may still rise)");
        SuiteRunner.RunFiles files = SuiteRunner.RunFiles.of(dir.resolve("demo.json"));
        long started = System.nanoTime();
        SuiteRunner.run(DemoPlan.suite(cpus), files, false, out);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        List<BenchmarkResult> results =
                Files.exists(files.json()) ? BenchmarkResult.parseAll(Files.readString(files.json())) : List.of();
        out.println();
        out.println(loadLine(files.run(), info.cpu().logicalCpus()));
        out.println();
        out.print(DemoReport.render(
                results,
                DemoReport.lookup(ServiceReport.of(new AccelJceProvider())),
                info.cpu().model()));
        out.println();
        out.println("Scores are operations per second ± JMH's 99.9% confidence half-width; AccelJCE ÷ JDK"
                + " carries both errors. \"even\": 1 lies within that error and the error is within ±"
                + Math.round(100 * Comparison.EVEN_WITHIN) + "%; \"undecided\": 1 lies within a wider one."
                + " The benchmarks took " + minutes(took) + ". These are short runs on one CPU: on a shared"
                + " or busy machine the figures move from run to run, so read the verdicts, not the digits."
                + " The JSON and JMH's log: " + files.json() + ", " + files.log() + ". Longer runs with every"
                + " peer: `./acceljce bench --suite peers` (docs/performance.md, docs/peers.md).");
        return results.isEmpty() ? 1 : 0;
    }

    /**
     * How busy the machine was (the 1-minute load average SuiteRunner recorded at the start and
     * the end of the run), with a warning when other work must have shared the benchmark's CPU.
     */
    static String loadLine(Path runFile, int cpus) {
        double start = Double.NaN;
        double end = Double.NaN;
        try {
            if (Json.parse(Files.readString(runFile)) instanceof java.util.Map<?, ?> run) {
                start = firstNumber(run.get("loadAverageAtStart"));
                end = firstNumber(run.get("loadAverageAtEnd"));
            }
        } catch (java.io.IOException | RuntimeException e) {
            // no record: say nothing certain
        }
        if (Double.isNaN(start) || Double.isNaN(end)) {
            return "Load average: unknown (no /proc/loadavg).";
        }
        String line = String.format(
                Locale.ROOT,
                "Load average (1 min): %.1f at the start, %.1f at the end, on %d CPUs (the demo adds about 1).",
                start,
                end,
                cpus);
        if (Math.max(start, end) >= cpus) {
            line += " BUSY MACHINE: other work shared the benchmark's CPU, so the errors are wide and the"
                    + " ratios uncertain (and the demo took longer). Run it again on an otherwise idle machine.";
        }
        return line;
    }

    private static double firstNumber(Object loadAverage) {
        try {
            return Double.parseDouble(String.valueOf(loadAverage).trim().split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The CPUs this process may run on (a list such as "0-1"), or null where Linux does not say. */
    private static String allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (java.io.IOException e) {
            // not Linux: nothing to keep
        }
        return null;
    }

    /** The machine's online CPUs, in the same notation ("0-1"), or null. */
    private static String onlineCpus() {
        try {
            return Files.readString(Path.of("/sys/devices/system/cpu/online")).trim();
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private static String minutes(Duration d) {
        long s = d.toSeconds();
        return s >= 60 ? s / 60 + " min " + s % 60 + " s" : s + " s";
    }
}
