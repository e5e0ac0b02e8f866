package dev.acceljce.cli.report;

import dev.acceljce.bench.BenchmarkProviders;
import dev.acceljce.cli.Json;
import dev.acceljce.cli.MarkdownTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The report of a suite run ({@code acceljce bench --suite}): per benchmark family a table with
 * one column per provider (AccelJCE, AccelJCE-native, JDK, JDK-sw, ACCP, Conscrypt, BC) and one
 * row per payload size, each cell the score ± its error, or "not offered" / "failed" when that
 * provider produced no score (never another provider's number); then AccelJCE against the best
 * peer per size, and the seed 000 summaries (ratio of geomeans, geomean of ratios) of AccelJCE
 * against each other provider. A chart per family ({@link PeerCharts}) is linked under its table.
 */
public final class PeerReport {
    /** A benchmark of the run that produced no score: {@code status} "not offered" or "failed". */
    public record Missing(String benchmark, Map<String, String> params, int threads, String status, String reason) {}

    /** The peers AccelJCE is compared with in "best peer" (not its own variants, not JDK-sw). */
    static final List<String> PEERS = List.of(
            BenchmarkProviders.JDK, BenchmarkProviders.ACCP, BenchmarkProviders.CONSCRYPT, BenchmarkProviders.BC);

    /** One family: a benchmark method with every parameter but provider and size fixed. */
    public static final class Group {
        final String title;
        final String benchmark;
        final Map<String, String> otherParams;
        final int threads;
        /** Per size, per provider: the result or why there is none. */
        final TreeMap<PerformanceReport.SizeKey, Map<String, Object>> rows = new TreeMap<>();

        final Set<String> providers = new LinkedHashSet<>();

        Group(String benchmark, Map<String, String> otherParams, int threads) {
            this.benchmark = benchmark;
            this.otherParams = otherParams;
            this.threads = threads;
            StringBuilder t = new StringBuilder(benchmark);
            otherParams.forEach((k, v) -> t.append(k.equals("algorithm") ? " " + v : " " + k + "=" + v));
            if (threads > 1) {
                t.append(" (").append(threads).append(" threads)");
            }
            this.title = t.toString();
        }

        public String title() {
            return title;
        }

        /** A file name for this family's chart. */
        public String slug() {
            return title.replaceAll("[^A-Za-z0-9.=-]+", "_").replaceAll("_+$", "");
        }

        /** The providers in report order (the known ones first, in {@link BenchmarkProviders#ALL} order). */
        List<String> providerOrder() {
            List<String> out = new ArrayList<>();
            for (String p : BenchmarkProviders.ALL) {
                if (providers.contains(p)) {
                    out.add(p);
                }
            }
            providers.stream().filter(p -> !out.contains(p)).forEach(out::add);
            return out;
        }

        /** ops/s of {@code provider} at {@code size}, or NaN when it has no score there. */
        double score(PerformanceReport.SizeKey size, String provider) {
            Object cell = rows.getOrDefault(size, Map.of()).get(provider);
            return cell instanceof BenchmarkResult r ? r.opsPerSecond() : Double.NaN;
        }

        /** The seed's two summaries of {@code a} against {@code b} over the sizes both were measured at. */
        PerformanceReport.Summary summary(String a, String b) {
            List<double[]> pairs = new ArrayList<>();
            for (PerformanceReport.SizeKey size : rows.keySet()) {
                double x = score(size, a);
                double y = score(size, b);
                if (!Double.isNaN(x) && !Double.isNaN(y)) {
                    pairs.add(new double[] {x, y});
                }
            }
            return PerformanceReport.summarize(pairs);
        }
    }

    private PeerReport() {}

    /** The benchmarks without a score, from the {@code X-run.json} a suite run writes. */
    public static List<Missing> parseMissing(String runJson) {
        List<Missing> out = new ArrayList<>();
        if (!(Json.parse(runJson) instanceof Map<?, ?> run) || !(run.get("missing") instanceof List<?> list)) {
            return out;
        }
        for (Object o : list) {
            Map<?, ?> m = (Map<?, ?>) o;
            Map<String, String> params = new LinkedHashMap<>();
            if (m.get("params") instanceof Map<?, ?> p) {
                p.forEach((k, v) -> params.put(String.valueOf(k), String.valueOf(v)));
            }
            out.add(new Missing(
                    String.valueOf(m.get("benchmark")),
                    params,
                    ((Number) m.get("threads")).intValue(),
                    String.valueOf(m.get("status")),
                    String.valueOf(m.get("reason"))));
        }
        return out;
    }

    /** The families of a run, in the order they first appear. */
    public static List<Group> group(List<BenchmarkResult> results, List<Missing> missing) {
        Map<String, Group> groups = new LinkedHashMap<>();
        for (BenchmarkResult r : results) {
            cell(groups, r.benchmark(), r.params(), r.settings().threads(), r);
        }
        for (Missing m : missing) {
            cell(groups, m.benchmark(), m.params(), m.threads(), m);
        }
        return List.copyOf(groups.values());
    }

    private static void cell(
            Map<String, Group> groups, String benchmark, Map<String, String> params, int threads, Object value) {
        Map<String, String> other = new LinkedHashMap<>(params);
        String provider = other.remove("provider");
        String size = other.remove("size");
        String shortName = benchmark.replaceFirst("^.*\\.([^.]+\\.[^.]+)$", "$1");
        Group g = groups.computeIfAbsent(shortName + other + "/" + threads, k -> new Group(shortName, other, threads));
        g.providers.add(provider);
        g.rows.computeIfAbsent(PerformanceReport.SizeKey.of(size), k -> new LinkedHashMap<>())
                .put(provider, value);
    }

    /**
     * The Markdown report.
     *
     * @param chartDirectory the charts' directory relative to the report ("charts"), or null for none
     */
    public static String render(
            List<BenchmarkResult> results,
            List<Missing> missing,
            PerformanceReport.Environment env,
            String runNote,
            String chartDirectory) {
        StringBuilder out = new StringBuilder();
        PerformanceReport.header(results, env, out);
        if (runNote != null && !runNote.isBlank()) {
            out.append(runNote).append("\n\n");
        }
        out.append("Each cell: operations per second ± JMH's 99.9% error, or **not offered** (that provider has no such"
                + " service) or **failed** (the reason is under the table). *AccelJCE / best peer* divides AccelJCE's"
                + " score by the best of JDK, ACCP, Conscrypt and BC at that size. *JDK-sw* is the JDK with HotSpot's"
                + " AES, GHASH and SHA intrinsics off (the seed's \"native disabled\").\n\n");
        List<Group> groups = group(results, missing);
        standing(groups, out);
        for (Group g : groups) {
            section(g, chartDirectory, out);
        }
        return out.toString();
    }

    /** Below this ratio to the best peer AccelJCE loses, above its inverse it wins; between, a tie. */
    static final double TIE = 0.95;

    /**
     * The summary first: per family and size, AccelJCE against the best peer, counted as wins,
     * ties (within 5%) and losses. With errors as wide as a loaded machine gives, a tie or a
     * narrow win or loss says little: the tables below carry the errors.
     */
    private static void standing(List<Group> groups, StringBuilder out) {
        MarkdownTable t = new MarkdownTable("Family", "AccelJCE / best peer, per size");
        int wins = 0;
        int ties = 0;
        int losses = 0;
        for (Group g : groups) {
            if (!g.providers.contains(BenchmarkProviders.ACCELJCE)) {
                continue;
            }
            List<String> cells = new ArrayList<>();
            for (PerformanceReport.SizeKey size : g.rows.keySet()) {
                String b = best(g, size);
                if (b.equals("—")) {
                    continue;
                }
                double r = Double.parseDouble(b.substring(0, b.indexOf('×')));
                if (r < TIE) {
                    losses++;
                } else if (r > 1 / TIE) {
                    wins++;
                } else {
                    ties++;
                }
                cells.add((size.bytes() < 0 ? "" : size.label() + " B: ") + b);
            }
            if (!cells.isEmpty()) {
                t.row(g.title, String.join("; ", cells));
            }
        }
        out.append("## Where AccelJCE stands\n\n");
        out.append("Against the best of JDK, ACCP, Conscrypt and BC at each size: ")
                .append(wins)
                .append(" wins (> ")
                .append(PerformanceReport.ratio(1 / TIE))
                .append("), ")
                .append(ties)
                .append(" ties, ")
                .append(losses)
                .append(" losses (< ")
                .append(PerformanceReport.ratio(TIE))
                .append(").\n\n");
        out.append(t.render()).append("\n## Per family\n\n");
    }

    private static void section(Group g, String chartDirectory, StringBuilder out) {
        out.append("### ").append(g.title).append("\n\n");
        List<String> providers = g.providerOrder();
        List<String> headers = new ArrayList<>();
        headers.add(">Size (B)");
        providers.forEach(p -> headers.add(">" + p));
        boolean withBest = providers.contains(BenchmarkProviders.ACCELJCE);
        if (withBest) {
            headers.add(">AccelJCE / best peer");
        }
        MarkdownTable t = new MarkdownTable(headers.toArray(String[]::new));
        List<String> notes = new ArrayList<>();
        for (Map.Entry<PerformanceReport.SizeKey, Map<String, Object>> row : g.rows.entrySet()) {
            List<String> cells = new ArrayList<>();
            cells.add(row.getKey().label());
            for (String p : providers) {
                Object c = row.getValue().get(p);
                if (c instanceof BenchmarkResult r) {
                    cells.add(PerformanceReport.ops(r));
                } else if (c instanceof Missing m) {
                    cells.add(m.status());
                    String note = p + ": " + m.status() + " (" + m.reason() + ")";
                    if (!notes.contains(note)) {
                        notes.add(note);
                    }
                } else {
                    cells.add("—");
                }
            }
            if (withBest) {
                cells.add(best(g, row.getKey()));
            }
            t.row(cells.toArray(String[]::new));
        }
        out.append(t.render()).append('\n');
        for (String n : notes) {
            out.append("- ").append(n).append('\n');
        }
        if (!notes.isEmpty()) {
            out.append('\n');
        }
        if (providers.contains(BenchmarkProviders.ACCELJCE)) {
            MarkdownTable s =
                    new MarkdownTable("AccelJCE against", ">Sizes", ">Ratio of geomeans (A)", ">Geomean of ratios (B)");
            for (String p : providers) {
                if (p.equals(BenchmarkProviders.ACCELJCE)) {
                    continue;
                }
                PerformanceReport.Summary sum = g.summary(BenchmarkProviders.ACCELJCE, p);
                if (sum.sizes() > 0) {
                    s.row(
                            p,
                            Integer.toString(sum.sizes()),
                            PerformanceReport.ratio(sum.ratioOfGeomeans()),
                            PerformanceReport.ratio(sum.geomeanOfRatios()));
                }
            }
            out.append(s.render()).append('\n');
        }
        if (chartDirectory != null) {
            out.append("![")
                    .append(g.title)
                    .append("](")
                    .append(chartDirectory)
                    .append('/')
                    .append(g.slug())
                    .append(".png)\n\n");
        }
    }

    /** "1.23× (Conscrypt)": AccelJCE over the best peer with a score at this size. */
    private static String best(Group g, PerformanceReport.SizeKey size) {
        double mine = g.score(size, BenchmarkProviders.ACCELJCE);
        String bestPeer = null;
        double bestScore = Double.NaN;
        for (String p : PEERS) {
            double s = g.score(size, p);
            if (!Double.isNaN(s) && (Double.isNaN(bestScore) || s > bestScore)) {
                bestScore = s;
                bestPeer = p;
            }
        }
        if (Double.isNaN(mine) || bestPeer == null) {
            return "—";
        }
        return PerformanceReport.ratio(mine / bestScore) + " (" + bestPeer + ")";
    }
}
