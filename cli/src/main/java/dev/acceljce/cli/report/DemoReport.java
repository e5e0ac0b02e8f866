package dev.acceljce.cli.report;

import dev.acceljce.cli.MarkdownTable;
import dev.acceljce.cli.suite.DemoPlan;
import dev.acceljce.control.Path;
import dev.acceljce.control.Settings;
import dev.acceljce.service.ServiceReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What {@code acceljce demo} prints after its runs: a table of the {@link DemoPlan} rows (AccelJCE
 * and the JDK in operations per second, their ratio with its error, the verdict of the tie rule
 * ({@link Comparison}) and the path AccelJCE took), then one sentence per family: faster, even or
 * slower on this CPU, and what the policy did about it. The own-stack handshake row (AccelJCE's
 * TLS, {@link DemoPlan.Row#ownStack}) has its rate in the AccelJCE column, SunJSSE on the JDK in
 * the JDK column, and its ratio cell names both things it is set against: SunJSSE on the JDK and
 * SunJSSE on AccelJCE (the SunJSSE row's two forks).
 */
public final class DemoReport {
    private static final String ACCELJCE = PerformanceReport.ACCELJCE;
    private static final String JDK = PerformanceReport.JDK;

    private DemoReport() {}

    /**
     * One row's outcome: its two scores (null when JMH produced none; {@code accel} is the row's
     * subject, AccelJCE's TLS stack on the own-stack row), the path each of its services took and
     * the policy that chose them ("auto", or the one set); on the own-stack row, {@code sunJsse}
     * is SunJSSE on AccelJCE (null on the others).
     */
    record Outcome(
            DemoPlan.Row row,
            BenchmarkResult accel,
            BenchmarkResult jdk,
            Map<String, Route> paths,
            String policy,
            BenchmarkResult sunJsse) {
        boolean measured() {
            return accel != null && jdk != null;
        }

        Comparison comparison() {
            return Comparison.of(accel, jdk);
        }

        /** The own-stack row: against SunJSSE on AccelJCE, when both were measured. */
        boolean measuredAgainstSunJsse() {
            return accel != null && sunJsse != null;
        }

        Comparison againstSunJsse() {
            return Comparison.of(accel, sunJsse);
        }

        /** The ratio cell: the own-stack row names what each ratio sets it against. */
        String ratioCell() {
            if (!row.ownStack()) {
                return measured() ? comparison().text() : "—";
            }
            List<String> parts = new ArrayList<>();
            if (measured()) {
                parts.add(comparison().text() + " vs SunJSSE on the JDK");
            }
            if (measuredAgainstSunJsse()) {
                parts.add(againstSunJsse().text() + " vs SunJSSE on AccelJCE");
            }
            return parts.isEmpty() ? "—" : String.join("; ", parts);
        }
    }

    /** The path a service took and, on the native path, the library that served it ("openssl", "awslc"). */
    record Route(Path path, String engine) {
        /** "native (OpenSSL)", "native (AWS-LC)", "jdk". */
        String cell() {
            return path == Path.NATIVE ? "native (" + library() + ")" : "jdk";
        }

        /** "the native path (AWS-LC)", "the JDK's provider". */
        String words() {
            return path == Path.NATIVE ? "the native path (" + library() + ")" : "the JDK's provider";
        }

        private String library() {
            return "awslc".equals(engine) ? "AWS-LC" : "OpenSSL";
        }
    }

    /**
     * The table and the sentences.
     *
     * @param results  every result of the demo's runs
     * @param services for a service name ("Cipher.AES/GCM/NoPadding"), AccelJCE's report row of it
     *                 in this process (the benchmark JVMs run with the same switches), or null
     * @param cpu      the CPU's name, for the sentences' heading
     */
    public static String render(
            List<BenchmarkResult> results, Function<String, ServiceReport.Row> services, String cpu) {
        List<Outcome> outcomes = new ArrayList<>();
        for (DemoPlan.Row row : DemoPlan.ROWS) {
            Map<String, Route> paths = paths(row, services);
            outcomes.add(new Outcome(
                    row,
                    find(results, row, row.subject()),
                    find(results, row, JDK),
                    paths,
                    policy(row, services),
                    row.ownStack() ? find(results, row, ACCELJCE) : null));
        }
        StringBuilder out = new StringBuilder();
        MarkdownTable t = new MarkdownTable(
                "Operation", ">AccelJCE ops/s", ">JDK ops/s", ">AccelJCE ÷ JDK", "Here", "AccelJCE's path");
        for (Outcome o : outcomes) {
            t.row(
                    o.row().label(),
                    PerformanceReport.ops(o.accel()),
                    PerformanceReport.ops(o.jdk()),
                    o.ratioCell(),
                    o.measured() ? o.comparison().verdict().word() : "not measured",
                    String.join(", ", pathCells(o)));
        }
        out.append(t.render()).append('\n');
        out.append("On this CPU (").append(cpu).append("):\n");
        Map<String, List<Outcome>> byFamily = new LinkedHashMap<>();
        outcomes.forEach(o -> byFamily.computeIfAbsent(o.row().family(), k -> new ArrayList<>())
                .add(o));
        byFamily.forEach((family, rows) ->
                out.append("- ").append(sentence(family, rows)).append('\n'));
        return out.toString();
    }

    /**
     * One family's sentence: how AccelJCE compares, then which path the policy took; a family
     * with an own-stack row (the handshake) then says how AccelJCE's TLS stack compares with
     * SunJSSE on the JDK and on AccelJCE.
     */
    static String sentence(String family, List<Outcome> all) {
        List<Outcome> own = all.stream().filter(o -> o.row().ownStack()).toList();
        List<Outcome> rows = all.stream().filter(o -> !o.row().ownStack()).toList();
        String jca = jcaSentence(family, rows, !own.isEmpty());
        if (own.isEmpty()) {
            return jca;
        }
        StringBuilder s = new StringBuilder(jca);
        for (Outcome o : own) {
            s.append(' ').append(ownStackSentence(o));
        }
        return s.toString();
    }

    /**
     * The own-stack row's sentence: "AccelJCE-TLS, AccelJCE's own TLS stack (AWS-LC's libssl):
     * faster than SunJSSE on the JDK (2.00× ± 0.10) and faster than SunJSSE on AccelJCE (1.50× ±
     * 0.08)."
     */
    private static String ownStackSentence(Outcome o) {
        String name = o.row().subject() + ", AccelJCE's own TLS stack (AWS-LC's libssl)";
        if (o.accel() == null) {
            return name + ": not measured (see the run's messages above).";
        }
        List<String> parts = new ArrayList<>();
        parts.add(o.measured() ? against(o.comparison(), "SunJSSE on the JDK") : "SunJSSE on the JDK not measured");
        parts.add(
                o.measuredAgainstSunJsse()
                        ? against(o.againstSunJsse(), "SunJSSE on AccelJCE")
                        : "SunJSSE on AccelJCE not measured");
        return name + ": " + String.join(" and ", parts) + ".";
    }

    private static String against(Comparison c, String other) {
        String ratio = " (" + c.text() + ")";
        return switch (c.verdict()) {
            case FASTER -> "faster than " + other + ratio;
            case EVEN -> "even with " + other + ratio;
            case SLOWER -> "slower than " + other + ratio;
            case UNDECIDED -> "undecided against " + other + ratio + ", the error is too wide to tell";
        };
    }

    /** How AccelJCE's JCA provider compares, then which path the policy took. */
    private static String jcaSentence(String family, List<Outcome> rows, boolean sunJsse) {
        if (sunJsse) {
            // the family also holds the own-stack row: say which of its stacks this part speaks of
            family += ", SunJSSE on AccelJCE vs on the JDK";
        }
        List<Outcome> measured = rows.stream().filter(Outcome::measured).toList();
        if (measured.isEmpty()) {
            return family + ": not measured (see the run's messages above).";
        }
        StringBuilder s = new StringBuilder(family).append(": ");
        Map<Comparison.Verdict, List<Outcome>> byVerdict = new LinkedHashMap<>();
        measured.forEach(o -> byVerdict
                .computeIfAbsent(o.comparison().verdict(), k -> new ArrayList<>())
                .add(o));
        List<String> parts = new ArrayList<>();
        byVerdict.forEach((verdict, os) -> {
            List<String> points = os.stream()
                    .map(o -> (rows.size() == 1 ? "" : o.row().point() + " ")
                            + o.comparison().text())
                    .toList();
            parts.add(phrase(verdict) + " (" + String.join(", ", points) + ")");
        });
        s.append(String.join("; ", parts));
        if (measured.size() < rows.size()) {
            s.append("; ").append(rows.size() - measured.size()).append(" row(s) not measured");
        }
        s.append(". ").append(policySentence(measured)).append('.');
        return s.toString();
    }

    private static String phrase(Comparison.Verdict v) {
        return switch (v) {
            case FASTER -> "AccelJCE is faster";
            case EVEN -> "even with the JDK";
            case SLOWER -> "AccelJCE is slower";
            case UNDECIDED -> "undecided, the error is too wide to tell";
        };
    }

    /**
     * Which path each row took, in words, and whether that fits what was measured: the policy
     * serving a slower native path, or a JDK path that still differs from the JDK, is said so.
     */
    private static String policySentence(List<Outcome> rows) {
        Map<String, List<String>> pointsByPaths = new LinkedHashMap<>();
        for (Outcome o : rows) {
            pointsByPaths
                    .computeIfAbsent(describePaths(o.paths(), o.policy()), k -> new ArrayList<>())
                    .add(o.row().point());
        }
        StringBuilder s = new StringBuilder();
        if (pointsByPaths.size() == 1) {
            s.append(pointsByPaths.keySet().iterator().next());
        } else {
            List<String> parts = new ArrayList<>();
            pointsByPaths.forEach((paths, points) -> parts.add(paths + " at " + String.join(" and ", points)));
            s.append(String.join("; ", parts));
        }
        boolean slowNative = rows.stream()
                .anyMatch(o -> o.comparison().verdict() == Comparison.Verdict.SLOWER
                        && !o.paths().isEmpty()
                        && o.paths().values().stream().allMatch(p -> p.path() == Path.NATIVE));
        boolean jdkDiffers = rows.stream()
                .anyMatch(o -> o.comparison().verdict() != Comparison.Verdict.EVEN
                        && o.comparison().verdict() != Comparison.Verdict.UNDECIDED
                        && !o.paths().isEmpty()
                        && o.paths().values().stream().allMatch(p -> p.path() == Path.JDK));
        if (slowNative) {
            s.append(": where the native path measured slower, auto's table does not fit this machine (or"
                    + " the run was disturbed); `./acceljce calibrate` measures both paths here and writes"
                    + " the profile auto then follows");
        }
        if (jdkDiffers) {
            s.append(slowNative ? "; " : ": ")
                    .append("where AccelJCE handed the call to the JDK both rows run the JDK's code, so a"
                            + " difference there is AccelJCE's own layer or noise");
        }
        return s.toString();
    }

    /** "auto took the native path (OpenSSL)", or per service when they differ. */
    private static String describePaths(Map<String, Route> paths, String policy) {
        if (paths.isEmpty()) {
            return "AccelJCE does not serve it in this build";
        }
        List<Route> distinct = paths.values().stream().distinct().toList();
        if (distinct.size() == 1) {
            return policy + " took " + distinct.getFirst().words()
                    + (paths.size() > 1 ? " for " + String.join(", ", paths.keySet()) : "");
        }
        List<String> each = new ArrayList<>();
        paths.forEach((service, route) -> each.add(service.substring(service.indexOf('.') + 1) + " " + route.words()));
        return policy + " took " + String.join(", ", each);
    }

    /** Table cells: "native", or per service when a row's services took different paths. */
    private static List<String> pathCells(Outcome o) {
        if (o.row().ownStack()) {
            return List.of("own TLS stack (AWS-LC's libssl)");
        }
        if (o.paths().isEmpty()) {
            return List.of("not served");
        }
        List<String> cells = new ArrayList<>();
        boolean onePath = o.paths().values().stream().distinct().count() == 1;
        o.paths().forEach((service, route) -> {
            String word = route.cell();
            if (!onePath) {
                cells.add(service + " " + word);
            } else if (cells.isEmpty()) {
                cells.add(word);
            }
        });
        if (!o.policy().equals("auto")) {
            cells.add("(" + o.policy() + ")");
        }
        return cells;
    }

    /** Per service of the row AccelJCE registers: its path at the row's size (per object: a new object's). */
    private static Map<String, Route> paths(DemoPlan.Row row, Function<String, ServiceReport.Row> services) {
        Map<String, Route> out = new LinkedHashMap<>();
        for (String service : row.services()) {
            ServiceReport.Row r = services.apply(service);
            if (r != null) {
                out.put(service, new Route(row.size() < 0 ? r.currentPath() : r.pathFor(row.size()), r.engine()));
            }
        }
        return out;
    }

    /** "auto", or "policy native" / "policy jdk" when a setting overrides it for the row's first service. */
    private static String policy(DemoPlan.Row row, Function<String, ServiceReport.Row> services) {
        for (String service : row.services()) {
            ServiceReport.Row r = services.apply(service);
            if (r != null) {
                Settings.Policy p = Settings.policy(r.family());
                return p == Settings.Policy.AUTO ? "auto" : "policy " + p.name().toLowerCase(Locale.ROOT);
            }
        }
        return "auto";
    }

    private static BenchmarkResult find(List<BenchmarkResult> results, DemoPlan.Row row, String provider) {
        for (BenchmarkResult r : results) {
            if (r.benchmark().equals(row.benchmark())
                    && provider.equals(r.param("provider"))
                    && row.fixedParams().entrySet().stream()
                            .allMatch(e -> e.getValue().equals(r.param(e.getKey())))) {
                return r;
            }
        }
        return null;
    }

    /** A lookup of AccelJCE's report rows by "Type.algorithm" (the algorithm or an alias). */
    public static Function<String, ServiceReport.Row> lookup(List<ServiceReport.Row> rows) {
        return service -> {
            int dot = service.indexOf('.');
            String type = service.substring(0, dot);
            String algorithm = service.substring(dot + 1);
            for (ServiceReport.Row r : rows) {
                if (r.type().equals(type)
                        && (r.algorithm().equalsIgnoreCase(algorithm)
                                || r.aliases().stream().anyMatch(a -> a.equalsIgnoreCase(algorithm)))) {
                    return r;
                }
            }
            return null;
        };
    }
}
