package dev.acceljce.cli.suite;

import dev.acceljce.cli.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs a {@link Suite}: each part as one JMH run, the benchmark JVMs pinned to the part's CPUs
 * (this process pins itself with {@code taskset} and JMH's forks inherit it), with a progress
 * line per benchmark. Writes JMH's JSON of all parts together, JMH's full output as a log, and
 * the benchmarks without a score (not offered, failed) as a JSON list beside the results.
 */
public final class SuiteRunner {
    private SuiteRunner() {}

    /** All CPUs, read before this process pins itself (after, the JVM sees only the pinned ones). */
    private static final String ALL_CPUS = "0-" + (Runtime.getRuntime().availableProcessors() - 1);

    /**
     * Where a run's files go, from the JSON result path: {@code X.json} (JMH's), {@code X-run.json}
     * (the suite, pinning, load average, benchmarks without a score), {@code X.log} (JMH's output).
     */
    public record RunFiles(Path json, Path run, Path log) {
        public static RunFiles of(Path json) {
            String base = json.getFileName().toString().replaceFirst("\\.json$", "");
            return new RunFiles(json, json.resolveSibling(base + "-run.json"), json.resolveSibling(base + ".log"));
        }
    }

    /** Runs {@code suite}; returns how many benchmarks produced a score. */
    public static int run(Suite suite, RunFiles files, PrintStream console) throws Exception {
        List<Integer> counts = suite.parts().stream().map(SuiteRunner::count).toList();
        int total = counts.stream().mapToInt(Integer::intValue).sum();
        console.println("Suite " + suite.name() + ": " + suite.description() + "; " + total + " benchmarks in "
                + suite.parts().size() + " parts, " + suite.settings().describe() + "; about "
                + suite.estimate(counts).toMinutes() + " min. JMH's output: " + files.log());
        java.nio.file.Files.createDirectories(files.json().toAbsolutePath().getParent());
        List<RunResult> results = new ArrayList<>();
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("suite", suite.name());
        run.put("settings", suite.settings().describe());
        run.put("started", java.time.Instant.now().toString());
        run.put("loadAverageAtStart", loadAverage());
        List<Object> parts = new ArrayList<>();
        run.put("parts", parts);
        try (PrintStream logStream =
                new PrintStream(java.nio.file.Files.newOutputStream(files.log()), true, StandardCharsets.UTF_8)) {
            OutputFormat log = OutputFormatFactory.createFormatInstance(logStream, VerboseMode.NORMAL);
            Progress progress =
                    new Progress(console, log, total, suite.settings().estimate());
            for (Suite.Part part : suite.parts()) {
                String pinned = pin(part.cpus());
                logStream.println("# part: " + part.title() + " (" + pinned + ")");
                parts.add(Map.of(
                        "title",
                        part.title(),
                        "pinning",
                        pinned,
                        "threads",
                        part.threads(),
                        "settings",
                        part.settings(suite.settings()).describe()));
                Collection<RunResult> r = new Runner(options(suite, part), progress).run();
                results.addAll(r);
            }
            run.put("ended", java.time.Instant.now().toString());
            run.put("loadAverageAtEnd", loadAverage());
            run.put("missing", missing(progress.missing()));
            java.nio.file.Files.writeString(files.run(), Json.write(run));
        } finally {
            pin(ALL_CPUS);
        }
        try (OutputStream out = java.nio.file.Files.newOutputStream(files.json());
                PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
        }
        return results.size();
    }

    private static org.openjdk.jmh.runner.options.Options options(Suite suite, Suite.Part part) {
        Suite.Settings s = part.settings(suite.settings());
        List<String> jvmArgs = new ArrayList<>(Suite.COMMON_JVM_ARGS);
        jvmArgs.addAll(part.jvmArgs());
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(part.include())
                .shouldFailOnError(false)
                .forks(s.forks())
                .warmupIterations(s.warmupIterations())
                .warmupTime(TimeValue.milliseconds(s.warmupTime().toMillis()))
                .measurementIterations(s.measurementIterations())
                .measurementTime(TimeValue.milliseconds(s.measurementTime().toMillis()))
                .threads(part.threads())
                .jvmArgsAppend(jvmArgs.toArray(String[]::new));
        part.params().forEach((k, v) -> o.param(k, v.toArray(String[]::new)));
        return o.build();
    }

    /**
     * How many benchmarks a part runs: per matching method, the product of its parameters' value
     * counts (the part's override, else the benchmark's own list).
     */
    static int count(Suite.Part part) {
        int n = 0;
        for (BenchmarkListEntry e : entries(part.include())) {
            int combinations = 1;
            Map<String, String[]> defaults = e.getParams().orElse(Map.of());
            for (Map.Entry<String, String[]> p : defaults.entrySet()) {
                List<String> override = part.params().get(p.getKey());
                combinations *= override != null ? override.size() : p.getValue().length;
            }
            n += combinations;
        }
        return n;
    }

    /** The benchmark methods (from the benchmarks jar's list) a JMH include regex selects. */
    static List<BenchmarkListEntry> entries(String include) {
        OutputFormat silent = OutputFormatFactory.createFormatInstance(
                new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT);
        return new ArrayList<>(BenchmarkList.defaultList().find(silent, List.of(include), List.of()));
    }

    private static List<Object> missing(List<Progress.Missing> missing) {
        List<Object> out = new ArrayList<>();
        for (Progress.Missing m : missing) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("benchmark", m.benchmark());
            e.put("params", m.params());
            e.put("threads", m.threads());
            e.put("status", m.status());
            e.put("reason", m.reason());
            out.add(e);
        }
        return out;
    }

    /** The 1, 5 and 15-minute load averages (how busy the shared machine was), or "unknown". */
    private static String loadAverage() {
        try {
            String[] f = java.nio.file.Files.readString(Path.of("/proc/loadavg"))
                    .trim()
                    .split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /**
     * Pins every thread of this JVM to {@code cpus}; the JVMs JMH forks from now on inherit it.
     * Returns what was done, for the log ("not pinned" where taskset is missing or refuses).
     */
    static String pin(String cpus) {
        try {
            Process p = new ProcessBuilder(
                            "taskset",
                            "-a",
                            "-p",
                            "-c",
                            cpus,
                            Long.toString(ProcessHandle.current().pid()))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor() == 0 ? "pinned to CPU " + cpus : "not pinned: taskset failed";
        } catch (IOException e) {
            return "not pinned: no taskset (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "not pinned: interrupted";
        }
    }
}
