package dev.acceljce.cli.suite;

import dev.acceljce.bench.BenchmarkProviders;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's output for a suite run: one progress line per benchmark on the console ("[n/N] which
 * benchmark, about how long is left"), JMH's own detailed output into the log, and for every
 * benchmark that produced no score, why ({@link Missing}): not offered by its provider, or failed.
 */
final class Progress implements OutputFormat {
    /** A benchmark with no score: {@code status} is "not offered" or "failed". */
    record Missing(String benchmark, java.util.Map<String, String> params, int threads, String status, String reason) {}

    private final PrintStream console;
    private final OutputFormat log;
    private final int total;
    private final Duration perBenchmark;
    private final long started = System.nanoTime();
    private final List<Missing> missing = new ArrayList<>();
    private int n;
    private BenchmarkParams current;
    private boolean currentScored;
    private final StringBuilder currentOutput = new StringBuilder();

    Progress(PrintStream console, OutputFormat log, int total, Duration perBenchmark) {
        this.console = console;
        this.log = log;
        this.total = total;
        this.perBenchmark = perBenchmark;
    }

    List<Missing> missing() {
        return missing;
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        finish();
        n++;
        current = params;
        currentScored = false;
        currentOutput.setLength(0);
        console.println("[" + n + "/" + total + "] " + describe(params) + " · " + left() + " left");
        log.startBenchmark(params);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        currentScored = result != null && !result.getIterationResults().isEmpty();
        log.endBenchmark(result);
    }

    @Override
    public void endRun(Collection<RunResult> results) {
        finish();
        log.endRun(results);
    }

    /** Records the benchmark just run as missing when it ended without a score. */
    private void finish() {
        if (current == null) {
            return;
        }
        if (!currentScored) {
            Missing m = explain(current, currentOutput.toString());
            missing.add(m);
            console.println("      " + m.status() + ": " + m.reason());
        }
        current = null;
    }

    /** Why a benchmark produced no score, from what JMH printed while it ran. */
    static Missing explain(BenchmarkParams params, String output) {
        java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
        for (String k : params.getParamsKeys()) {
            p.put(k, params.getParam(k));
        }
        String marker = BenchmarkProviders.NotOffered.MARKER;
        int at = output.indexOf(marker);
        if (at >= 0) {
            return new Missing(
                    params.getBenchmark(),
                    p,
                    params.getThreads(),
                    "not offered",
                    firstLine(output.substring(at + marker.length()).trim()));
        }
        // the deepest cause JMH printed says most
        String reason = output.lines()
                .filter(l -> l.startsWith("Caused by:"))
                .reduce((a, b) -> b)
                .map(l -> l.substring("Caused by:".length()).trim())
                .orElseGet(() -> output.lines()
                        .map(String::trim)
                        .filter(l -> l.contains("Exception") || l.contains("Error"))
                        .findFirst()
                        .orElse("no score"));
        return new Missing(params.getBenchmark(), p, params.getThreads(), "failed", reason);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl).trim();
    }

    private static String describe(BenchmarkParams params) {
        String name = params.getBenchmark().replaceFirst("^dev\\.acceljce\\.bench\\.", "");
        String ps = params.getParamsKeys().stream()
                .map(k -> k + "=" + params.getParam(k))
                .collect(Collectors.joining(" "));
        return name + " " + ps + (params.getThreads() > 1 ? " threads=" + params.getThreads() : "");
    }

    /** The time left: the benchmarks to go at the pace measured so far (the estimate before any ran). */
    private String left() {
        Duration pace = n <= 1 ? perBenchmark : Duration.ofNanos((System.nanoTime() - started) / (n - 1));
        long seconds = pace.multipliedBy(total - n + 1).toSeconds();
        return seconds >= 60 ? "about " + seconds / 60 + " min " + seconds % 60 + " s" : "about " + seconds + " s";
    }

    private void capture(String s) {
        if (current != null && currentOutput.length() < 200_000) {
            currentOutput.append(s);
        }
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        log.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(
            BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        log.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startRun() {
        log.startRun();
    }

    @Override
    public void print(String s) {
        capture(s);
        log.print(s);
    }

    @Override
    public void println(String s) {
        capture(s + "\n");
        log.println(s);
    }

    @Override
    public void verbosePrintln(String s) {
        capture(s + "\n");
        log.verbosePrintln(s);
    }

    @Override
    public void flush() {
        log.flush();
    }

    @Override
    public void close() {
        log.flush();
    }

    @Override
    public void write(int b) {
        log.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        log.write(b);
    }
}
