package dev.acceljce.cli.report;

import dev.acceljce.cli.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One entry of JMH's JSON result file (one benchmark method with one set of parameters), with its
 * primary score normalised to operations per second.
 *
 * @param benchmark  the full method name, e.g. {@code dev.acceljce.bench.DigestBenchmark.digest}
 * @param params     the {@code @Param} values, in JMH's order
 * @param opsPerSecond the score as operations per second (higher is better)
 * @param error      JMH's 99.9% confidence half-width in the same unit (NaN when JMH had too few
 *                   samples); for time-per-op modes it is converted keeping its relative size
 * @param settings   how it was measured: forks, iterations, JVM (the same for a whole run, usually)
 */
public record BenchmarkResult(
        String benchmark, Map<String, String> params, double opsPerSecond, double error, Settings settings) {
    /** How JMH ran one benchmark, as its JSON records it. */
    public record Settings(
            String jmhVersion,
            String mode,
            int forks,
            int threads,
            int warmupIterations,
            String warmupTime,
            int measurementIterations,
            String measurementTime,
            String jdkVersion,
            String vmName,
            String vmVersion,
            String jvm,
            List<String> jvmArgs) {
        /** One line for a report header. */
        public String describe() {
            return "JMH " + jmhVersion + ", mode " + mode + ", " + forks + " fork" + (forks == 1 ? "" : "s")
                    + ", " + threads + " thread" + (threads == 1 ? "" : "s") + ", warm-up " + warmupIterations
                    + " × " + warmupTime + ", measurement " + measurementIterations + " × " + measurementTime;
        }
    }

    /** The value of parameter {@code name}, or null. */
    public String param(String name) {
        return params.get(name);
    }

    /** The simple class and method, e.g. {@code DigestBenchmark.digest}. */
    public String shortName() {
        String[] parts = benchmark.split("\\.");
        return parts.length < 2 ? benchmark : parts[parts.length - 2] + "." + parts[parts.length - 1];
    }

    /** Reads every entry of a JMH JSON result document. */
    public static List<BenchmarkResult> parseAll(String jmhJson) {
        Object root = Json.parse(jmhJson);
        if (!(root instanceof List<?> entries)) {
            throw new IllegalArgumentException("not a JMH JSON result: the top level is not an array");
        }
        List<BenchmarkResult> out = new ArrayList<>();
        for (Object e : entries) {
            out.add(of(asMap(e, "entry")));
        }
        return out;
    }

    private static BenchmarkResult of(Map<?, ?> entry) {
        String benchmark = string(entry, "benchmark");
        Map<String, String> params = new LinkedHashMap<>();
        if (entry.get("params") instanceof Map<?, ?> p) {
            p.forEach((k, v) -> params.put(String.valueOf(k), String.valueOf(v)));
        }
        Map<?, ?> metric = asMap(entry.get("primaryMetric"), "primaryMetric of " + benchmark);
        double score = number(metric.get("score"));
        double error = number(metric.get("scoreError"));
        String unit = string(metric, "scoreUnit");
        double ops = toOpsPerSecond(score, unit);
        Settings settings = new Settings(
                string(entry, "jmhVersion"),
                string(entry, "mode"),
                (int) number(entry.get("forks")),
                (int) number(entry.get("threads")),
                (int) number(entry.get("warmupIterations")),
                string(entry, "warmupTime"),
                (int) number(entry.get("measurementIterations")),
                string(entry, "measurementTime"),
                string(entry, "jdkVersion"),
                string(entry, "vmName"),
                string(entry, "vmVersion"),
                string(entry, "jvm"),
                entry.get("jvmArgs") instanceof List<?> a
                        ? a.stream().map(String::valueOf).toList()
                        : List.of());
        return new BenchmarkResult(benchmark, params, ops, error * ops / score, settings);
    }

    /** Converts a JMH score in {@code unit} ("ops/s", "ops/ms", "ns/op", "us/op", ...) to ops/s. */
    static double toOpsPerSecond(double score, String unit) {
        String[] parts = unit.split("/");
        if (parts.length != 2) {
            throw new IllegalArgumentException("unknown JMH score unit " + unit);
        }
        if (parts[0].equals("ops")) {
            return score / seconds(parts[1]);
        }
        if (parts[1].equals("op")) {
            return 1.0 / (score * seconds(parts[0]));
        }
        throw new IllegalArgumentException("unknown JMH score unit " + unit);
    }

    private static double seconds(String unit) {
        TimeUnit u = switch (unit) {
            case "ns" -> TimeUnit.NANOSECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "s" -> TimeUnit.SECONDS;
            case "min" -> TimeUnit.MINUTES;
            case "hr" -> TimeUnit.HOURS;
            default -> throw new IllegalArgumentException("unknown JMH time unit " + unit);
        };
        return u.toNanos(1) / 1e9;
    }

    private static Map<?, ?> asMap(Object o, String what) {
        if (o instanceof Map<?, ?> m) {
            return m;
        }
        throw new IllegalArgumentException("not a JMH JSON result: " + what + " is not an object");
    }

    private static String string(Map<?, ?> m, String key) {
        Object v = m.get(key);
        return v == null ? "?" : String.valueOf(v);
    }

    /** JMH writes NaN and infinities as strings ("NaN"); a missing number is NaN too. */
    private static double number(Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }
}
