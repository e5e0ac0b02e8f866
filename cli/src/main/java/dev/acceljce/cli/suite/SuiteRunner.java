package dev.acceljce.cli.suite;

import dev.acceljce.cli.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
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

    /** A {@code --resume} that would mix machines, builds or suites in one report. */
    public static final class ResumeRefused extends Exception {
        ResumeRefused(String message) {
            super(message);
        }
    }

    /** All CPUs, read before this process pins itself (after, the JVM sees only the pinned ones). */
    private static final String ALL_CPUS = "0-" + (Runtime.getRuntime().availableProcessors() - 1);

    /**
     * Where a run's files go, from the JSON result path: {@code X.json} (JMH's), {@code X-run.json}
     * (the suite, pinning, load average, benchmarks without a score), {@code X.log} (JMH's output)
     * and {@code X-parts/} (each part as it ends, for {@code --resume}; {@link PartStore}).
     */
    public record RunFiles(Path json, Path run, Path log, Path parts) {
        public static RunFiles of(Path json) {
            String base = json.getFileName().toString().replaceFirst("\\.json$", "");
            return new RunFiles(
                    json,
                    json.resolveSibling(base + "-run.json"),
                    json.resolveSibling(base + ".log"),
                    json.resolveSibling(base + "-parts"));
        }
    }

    /**
     * Runs {@code suite}; returns how many benchmarks produced a score. With {@code resume}, the
     * parts an earlier run of the same suite kept in {@code files.parts()} are not run again
     * (refused when they came from another machine or build: {@link PartStore}).
     */
    public static int run(Suite suite, RunFiles files, boolean resume, PrintStream console) throws Exception {
        java.nio.file.Files.createDirectories(files.json().toAbsolutePath().getParent());
        PartStore store = resume ? PartStore.resume(files.parts()) : PartStore.fresh(files.parts());
        PartStore.Fingerprint here = PartStore.here(dev.acceljce.control.CpuClass.current());
        List<Suite.Part> all = suite.parts();
        List<java.util.Optional<PartStore.Kept>> kept = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            kept.add(store.kept(i, PartStore.identity(suite, all.get(i)), here));
        }
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            counts.add(kept.get(i).isPresent() ? 0 : count(all.get(i)));
        }
        int total = counts.stream().mapToInt(Integer::intValue).sum();
        long keptParts = kept.stream().filter(java.util.Optional::isPresent).count();
        Duration longestWarmup = all.stream()
                .map(p -> p.settings(suite.settings()).warmup())
                .max(Duration::compareTo)
                .orElse(Duration.ZERO);
        String longer = longestWarmup.compareTo(suite.settings().warmup()) > 0
                ? " (longer warm-ups where a part needs one, up to " + longestWarmup.toSeconds() + " s)"
                : "";
        console.println("Suite " + suite.name() + ": " + suite.description() + "; " + total + " benchmarks in "
                + (all.size() - keptParts) + " parts, " + suite.settings().describe() + longer + "; about "
                + suite.estimate(counts).toMinutes() + " min. JMH's output: " + files.log());
        if (keptParts > 0) {
            console.println("Resuming: " + keptParts + " of " + all.size() + " parts kept from the earlier run in "
                    + files.parts() + " (" + here.machine() + "; " + here.build() + ")");
        }
        List<String> jsons = new ArrayList<>();
        List<Object> parts = new ArrayList<>();
        List<Object> missing = new ArrayList<>();
        java.nio.file.OpenOption[] logMode = resume
                ? new java.nio.file.OpenOption[] {
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND
                }
                : new java.nio.file.OpenOption[0];
        try (PrintStream logStream = new PrintStream(
                java.nio.file.Files.newOutputStream(files.log(), logMode), true, StandardCharsets.UTF_8)) {
            OutputFormat log = OutputFormatFactory.createFormatInstance(logStream, VerboseMode.NORMAL);
            // the pace before any benchmark ended: the estimate's average (parts differ in warm-up)
            Duration pace = total == 0
                    ? suite.settings().estimate()
                    : suite.estimate(counts).dividedBy(total);
            Progress progress = new Progress(console, log, total, pace);
            for (int i = 0; i < all.size(); i++) {
                PartStore.Kept done;
                if (kept.get(i).isPresent()) {
                    done = kept.get(i).get();
                } else {
                    done = runPart(suite, all.get(i), progress, logStream, here);
                    store.save(i, done);
                }
                jsons.add(done.jmhJson());
                parts.add(done.meta());
                if (done.meta().get("missing") instanceof List<?> m) {
                    missing.addAll(m);
                }
            }
        } finally {
            if (all.stream().anyMatch(p -> p.cpus() != null)) {
                pin(ALL_CPUS);
            }
        }
        java.nio.file.Files.writeString(files.run(), Json.write(runRecord(suite, here, parts, missing, keptParts)));
        String merged = PartStore.merge(jsons);
        java.nio.file.Files.writeString(files.json(), merged);
        return scored(merged);
    }

    /** Runs one part pinned to its CPUs; its record (identity included) and its JMH JSON. */
    private static PartStore.Kept runPart(
            Suite suite, Suite.Part part, Progress progress, PrintStream logStream, PartStore.Fingerprint here)
            throws Exception {
        String pinned =
                part.cpus() == null ? "not pinned: kept the CPUs this process was started on" : pin(part.cpus());
        logStream.println("# part: " + part.title() + " (" + pinned + ")");
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("title", part.title());
        meta.put("identity", PartStore.identity(suite, part));
        meta.put("pinning", pinned);
        meta.put("threads", part.threads());
        meta.put("settings", part.settings(suite.settings()).describe());
        meta.putAll(here.toMap());
        meta.put("started", java.time.Instant.now().toString());
        meta.put("loadAverageAtStart", loadAverage());
        int missingBefore = progress.missing().size();
        Collection<RunResult> results = new Runner(options(suite, part), progress).run();
        meta.put("ended", java.time.Instant.now().toString());
        meta.put("loadAverageAtEnd", loadAverage());
        List<Progress.Missing> m = progress.missing();
        meta.put("missing", missing(m.subList(missingBefore, m.size())));
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
        }
        return new PartStore.Kept(meta, bytes.toString(StandardCharsets.UTF_8));
    }

    /**
     * The run file: the suite, where and when its parts ran (first start to last end; with a
     * resume the parts' own times show the gaps), and every benchmark without a score.
     */
    private static Map<String, Object> runRecord(
            Suite suite, PartStore.Fingerprint here, List<Object> parts, List<Object> missing, long keptParts) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("suite", suite.name());
        run.put("settings", suite.settings().describe());
        run.putAll(here.toMap());
        Map<?, ?> first = (Map<?, ?>) parts.getFirst();
        Map<?, ?> last = (Map<?, ?>) parts.getLast();
        run.put("started", first.get("started"));
        run.put("ended", last.get("ended"));
        run.put("loadAverageAtStart", first.get("loadAverageAtStart"));
        run.put("loadAverageAtEnd", last.get("loadAverageAtEnd"));
        run.put("partsKeptFromAnEarlierSitting", keptParts);
        run.put("parts", parts);
        run.put("missing", missing);
        return run;
    }

    /** How many results a merged JMH JSON holds. */
    private static int scored(String jmhJson) {
        return Json.parse(jmhJson) instanceof List<?> l ? l.size() : 0;
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
