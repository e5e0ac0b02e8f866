package dev.acceljce.cli.report;

import dev.acceljce.cli.MarkdownTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Turns JMH results into the Markdown of docs/performance.md: a header naming the machine and the
 * settings, then per benchmark family a table of AccelJCE and JDK side by side for each payload
 * size, with the ratio, and the seed's two summaries (ratio of geomeans, geomean of ratios).
 *
 * <p>Results are grouped by benchmark method and every parameter except {@code provider} and
 * {@code size}; {@code provider} picks the column ({@code AccelJCE} or {@code JDK}), {@code size}
 * the row.
 */
public final class PerformanceReport {
    static final String ACCELJCE = "AccelJCE";
    static final String JDK = "JDK";

    /** Where and when the numbers were taken (what JMH's JSON does not record). */
    public record Environment(String cpu, int logicalCpus, String os, String openssl, String date, String source) {}

    /** The seed's two averages over the sizes both providers were measured at. */
    public record Summary(double ratioOfGeomeans, double geomeanOfRatios, int sizes) {}

    private PerformanceReport() {}

    /**
     * Renders the report.
     *
     * @param acceljcePath for an algorithm name, how AccelJCE serves it (native, JDK fallback, ...)
     */
    public static String render(List<BenchmarkResult> results, Environment env, Function<String, String> acceljcePath) {
        StringBuilder out = new StringBuilder();
        header(results, env, out);
        Set<String> otherProviders = new LinkedHashSet<>();
        for (Group g : group(results, otherProviders)) {
            section(g, acceljcePath, out);
        }
        if (!otherProviders.isEmpty()) {
            out.append("Results for other providers (")
                    .append(String.join(", ", otherProviders))
                    .append(") are in the JSON file and not tabulated here.\n");
        }
        return out.toString();
    }

    static void header(List<BenchmarkResult> results, Environment env, StringBuilder out) {
        Set<String> settings = new LinkedHashSet<>();
        Set<String> jdks = new LinkedHashSet<>();
        Set<String> jvmArgs = new LinkedHashSet<>();
        for (BenchmarkResult r : results) {
            BenchmarkResult.Settings s = r.settings();
            settings.add(s.describe());
            jdks.add(s.jdkVersion() + " (" + s.vmName() + " " + s.vmVersion() + ", " + s.jvm() + ")");
            // the launcher's options reach the forks twice (inherited and appended): show each once
            jvmArgs.add(String.join(" ", new LinkedHashSet<>(s.jvmArgs())));
        }
        MarkdownTable t = new MarkdownTable("What", "Value");
        t.row("Machine", env.cpu() + ", " + env.logicalCpus() + " logical CPUs, " + env.os());
        t.row("JDK", String.join("; ", jdks));
        t.row("OpenSSL", env.openssl());
        t.row("JMH", String.join("; ", settings));
        t.row("JVM options", String.join("; ", jvmArgs));
        t.row("Date", env.date());
        t.row("Results", env.source());
        out.append(t.render()).append('\n');
        out.append("Scores are operations per second (higher is better) ± JMH's 99.9% confidence"
                + " half-width; ns/op = 10^9 / ops/s; MB/s = size × ops/s / 10^6."
                + " AccelJCE/JDK = AccelJCE ops/s ÷ JDK ops/s: above 1 AccelJCE is faster.\n\n");
    }

    private static void section(Group g, Function<String, String> acceljcePath, StringBuilder out) {
        out.append("### ").append(g.title).append("\n\n");
        out.append('`').append(g.benchmark).append('`');
        g.otherParams.forEach((k, v) -> out.append(", ").append(k).append('=').append(v));
        if (g.algorithm != null) {
            out.append(". AccelJCE path: ").append(acceljcePath.apply(g.algorithm));
        }
        out.append("\n\n");
        MarkdownTable t = new MarkdownTable(
                ">Size (B)",
                ">AccelJCE ops/s",
                ">JDK ops/s",
                ">AccelJCE ns/op",
                ">JDK ns/op",
                ">AccelJCE MB/s",
                ">JDK MB/s",
                ">AccelJCE/JDK");
        List<double[]> pairs = new ArrayList<>();
        for (Map.Entry<SizeKey, BenchmarkResult[]> e : g.rows.entrySet()) {
            BenchmarkResult a = e.getValue()[0];
            BenchmarkResult j = e.getValue()[1];
            long size = e.getKey().bytes;
            if (a != null && j != null) {
                pairs.add(new double[] {a.opsPerSecond(), j.opsPerSecond()});
            }
            t.row(
                    e.getKey().label,
                    ops(a),
                    ops(j),
                    nanos(a),
                    nanos(j),
                    megabytes(a, size),
                    megabytes(j, size),
                    a != null && j != null ? ratio(a.opsPerSecond() / j.opsPerSecond()) : "—");
        }
        out.append(t.render()).append('\n');
        Summary s = summarize(pairs);
        if (s.sizes() == 0) {
            out.append("No size was measured for both AccelJCE and the JDK: no summary.\n\n");
        } else {
            out.append("Over the ")
                    .append(s.sizes())
                    .append(s.sizes() == 1 ? " size" : " sizes")
                    .append(" measured for both: ratio of geomeans (AccelJCE/JDK) ")
                    .append(ratio(s.ratioOfGeomeans()))
                    .append(", geomean of ratios ")
                    .append(ratio(s.geomeanOfRatios()))
                    .append(".\n\n");
        }
    }

    /**
     * The seed's method A (geomean of AccelJCE's scores over geomean of the JDK's) and method B
     * (geomean of the per-size ratios), each pair being {AccelJCE ops/s, JDK ops/s}. Over the same
     * sizes they agree up to rounding; both are given because the seed reports both.
     */
    public static Summary summarize(List<double[]> pairs) {
        if (pairs.isEmpty()) {
            return new Summary(Double.NaN, Double.NaN, 0);
        }
        double logA = 0;
        double logJ = 0;
        double logRatio = 0;
        for (double[] p : pairs) {
            logA += Math.log(p[0]);
            logJ += Math.log(p[1]);
            logRatio += Math.log(p[0] / p[1]);
        }
        int n = pairs.size();
        return new Summary(Math.exp(logA / n) / Math.exp(logJ / n), Math.exp(logRatio / n), n);
    }

    /** A row key: sizes sort numerically; a benchmark without a size has one row "—". */
    record SizeKey(String label, long bytes) implements Comparable<SizeKey> {
        static SizeKey of(String size) {
            if (size == null) {
                return new SizeKey("—", -1);
            }
            try {
                return new SizeKey(size, Long.parseLong(size));
            } catch (NumberFormatException e) {
                return new SizeKey(size, -1);
            }
        }

        @Override
        public int compareTo(SizeKey o) {
            int c = Long.compare(bytes, o.bytes);
            return c != 0 ? c : label.compareTo(o.label);
        }
    }

    private static final class Group {
        final String title;
        final String benchmark;
        final String algorithm;
        final Map<String, String> otherParams;
        /** Per size: {AccelJCE result, JDK result}, either may be missing. */
        final TreeMap<SizeKey, BenchmarkResult[]> rows = new TreeMap<>();

        Group(BenchmarkResult first, Map<String, String> otherParams) {
            this.benchmark = first.shortName();
            this.algorithm = first.param("algorithm");
            this.title = algorithm != null ? algorithm : benchmark;
            this.otherParams = otherParams;
        }
    }

    private static List<Group> group(List<BenchmarkResult> results, Set<String> otherProviders) {
        Map<String, Group> groups = new LinkedHashMap<>();
        for (BenchmarkResult r : results) {
            String provider = r.param("provider");
            int column = ACCELJCE.equals(provider) ? 0 : JDK.equals(provider) ? 1 : -1;
            if (column < 0) {
                otherProviders.add(String.valueOf(provider));
                continue;
            }
            Map<String, String> other = new LinkedHashMap<>(r.params());
            other.remove("provider");
            other.remove("size");
            other.remove("algorithm");
            String key = r.benchmark() + other + r.param("algorithm");
            Group g = groups.computeIfAbsent(key, k -> new Group(r, other));
            g.rows.computeIfAbsent(SizeKey.of(r.param("size")), k -> new BenchmarkResult[2])[column] = r;
        }
        return List.copyOf(groups.values());
    }

    static String ops(BenchmarkResult r) {
        if (r == null) {
            return "—";
        }
        String s = String.format(Locale.ROOT, "%,.0f", r.opsPerSecond());
        if (Double.isNaN(r.error())) {
            return s;
        }
        return s + String.format(Locale.ROOT, " ± %.1f%%", 100 * r.error() / r.opsPerSecond());
    }

    static String nanos(BenchmarkResult r) {
        return r == null ? "—" : decimal(1e9 / r.opsPerSecond());
    }

    private static String megabytes(BenchmarkResult r, long size) {
        return r == null || size < 0 ? "—" : decimal(size * r.opsPerSecond() / 1e6);
    }

    /** One decimal below 100, none above, with thousands separators. */
    private static String decimal(double v) {
        return String.format(Locale.ROOT, v < 100 ? "%,.1f" : "%,.0f", v);
    }

    static String ratio(double r) {
        return Double.isNaN(r) ? "—" : String.format(Locale.ROOT, "%.2f×", r);
    }
}
