package dev.acceljce.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.control.Crossovers;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.testing.ChildJvm;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One answer on every path: every Wycheproof vector and API-contract case the JCA can express
 * ({@link dev.acceljce.testing.WycheproofSuites}, {@link dev.acceljce.testing.ContractCases}) has
 * one outcome under policy native, policy jdk and policy auto with every built-in CPU class table,
 * on the bundled OpenSSL 3.5 and on the system's libcrypto.so.3: the same bytes when it succeeds,
 * the same exception type when it is refused, and accepted or refused as Wycheproof says
 * ("acceptable" vectors: either, the same everywhere). One child JVM per configuration
 * ({@link PathMatrixMain}), two at a time. A family whose service a library does not register
 * (ML-KEM, ML-DSA and AES-SIV on 3.0 ...) is compared across the configurations that have it, and
 * the report says so.
 *
 * <p>Runs in the bundled run of the suite only (it starts both libraries itself); skipped, saying
 * why, where the bundled library or the system's libcrypto.so.3 is missing.
 */
class PathMatrixTest {
    /** A class without a table of its own: auto then uses the generic table. */
    private static final String GENERIC_CLASS = "x86-aesni";

    /** Generous: on an idle 2-core machine a child takes under a minute, on a shared one many times that. */
    private static final int CHILD_TIMEOUT_SECONDS = 1800;

    @TempDir
    Path dir;

    record Config(String library, String policy, String cpuClass) {
        String name() {
            return library + " " + (cpuClass == null ? policy : policy + "/" + cpuClass);
        }

        List<String> options(Path profile) {
            List<String> o = new ArrayList<>(List.of(
                    "-Xmx768m",
                    "-Dacceljce.openssl.skipBundled=" + library.equals("system"),
                    "-Dacceljce.policy=" + policy,
                    "-Dacceljce.jmx=false",
                    // a calibrate profile of this machine's user must not steer auto
                    "-Dacceljce.profile=" + profile,
                    "-Dacceljce.wycheproof.dir=" + Wycheproof.dir()));
            if (cpuClass != null) {
                o.add("-Dacceljce.cpuClass=" + cpuClass);
            }
            String families = System.getProperty("acceljce.pathMatrix.families");
            if (families != null) { // a quicker look at a few families (PathMatrixMain reads it)
                o.add("-Dacceljce.pathMatrix.families=" + families);
            }
            return o;
        }
    }

    /** One vector's (or contract case's) outcome in one configuration. */
    record Outcome(String result, String accepted, String detail) {
        String shown() {
            return accepted == null ? detail : accepted + " " + detail;
        }

        boolean sameAs(Outcome o) {
            return detail.equals(o.detail) && java.util.Objects.equals(accepted, o.accepted);
        }
    }

    /** What one child wrote. */
    record Report(
            String config,
            Map<String, Outcome> outcomes,
            Map<String, String> familyOf,
            Set<String> absent,
            Map<String, long[]> served,
            long millis,
            long cpuMillis) {}

    @Test
    void everyVectorHasOneOutcomeOnEveryPath() throws Exception {
        Providers.requireNative();
        assumeTrue(
                "bundled".equals(LibCrypto.source()),
                "the path matrix runs in the bundled run of the suite (it starts both libraries itself); this run uses "
                        + LibCrypto.source() + " " + LibCrypto.version());
        String system = systemLibrary();
        assumeTrue(system != null, "no system libcrypto.so.3 on this machine: the path matrix needs both libraries");

        List<Config> configs = new ArrayList<>();
        for (String library : List.of("bundled", "system")) {
            configs.add(new Config(library, "native", null));
            configs.add(new Config(library, "jdk", null));
            for (String cls : cpuClassTables()) {
                configs.add(new Config(library, "auto", cls));
            }
        }
        Path profile = dir.resolve("no-profile.properties");
        long start = System.nanoTime();
        Map<Config, Report> reports = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Map<Config, Future<Report>> running = new LinkedHashMap<>();
            for (Config c : configs) {
                running.put(c, pool.submit(() -> runChild(c, profile)));
            }
            for (Map.Entry<Config, Future<Report>> e : running.entrySet()) {
                reports.put(e.getKey(), e.getValue().get());
            }
        } finally {
            pool.shutdownNow();
        }
        long wall = (System.nanoTime() - start) / 1_000_000;

        StringBuilder summary = new StringBuilder("Path matrix: " + configs.size() + " configurations, wall time "
                + wall + " ms (two child JVMs at a time)\n");
        long cpuTotal = 0;
        for (Report r : reports.values()) {
            cpuTotal += r.cpuMillis;
            summary.append(String.format(
                    "  %-28s %7d ms wall, %6d ms CPU (main thread)  %s; JDK path served: %s%n",
                    nameOf(reports, r), r.millis, r.cpuMillis, r.config, jdkServed(r)));
        }
        summary.append("  CPU time of the children's main threads together: " + cpuTotal + " ms\n");
        summary.append(familyCounts(reports));
        List<String> differences = compare(reports);
        System.out.println(summary);
        assertTrue(
                differences.isEmpty(),
                differences.size() + " vectors or cases differ between paths or from" + " Wycheproof's verdict:\n"
                        + String.join("\n", differences) + "\n\n" + summary);
    }

    private static String nameOf(Map<Config, Report> reports, Report r) {
        return reports.entrySet().stream()
                .filter(e -> e.getValue() == r)
                .findFirst()
                .orElseThrow()
                .getKey()
                .name();
    }

    /** The services that did work on the JDK path in one configuration (the proof that it routed). */
    private static String jdkServed(Report r) {
        List<String> out = new ArrayList<>();
        r.served.forEach((service, ops) -> {
            if (ops[1] > 0) {
                out.add(service + (ops[0] > 0 ? " (partly)" : ""));
            }
        });
        return out.isEmpty() ? "nothing" : out.size() > 8 ? out.size() + " services" : String.join(", ", out);
    }

    /** The CPU classes to run auto with: the generic table's stand-in, and every class with a table. */
    static List<String> cpuClassTables() throws IOException {
        URI uri;
        try {
            uri = Crossovers.class.getResource("crossovers-x86_64.properties").toURI();
        } catch (java.net.URISyntaxException e) {
            throw new AssertionError(e);
        }
        List<String> classes = new ArrayList<>(List.of(GENERIC_CLASS));
        FileSystem jar = uri.getScheme().equals("jar") ? FileSystems.newFileSystem(uri, Map.of()) : null;
        try (Stream<Path> files = Files.list(Path.of(uri).getParent())) {
            files.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith("crossovers-x86_64-") && n.endsWith(".properties"))
                    .map(n -> n.substring("crossovers-x86_64-".length(), n.length() - ".properties".length()))
                    .sorted()
                    .forEach(classes::add);
        } finally {
            if (jar != null) {
                jar.close();
            }
        }
        assertTrue(classes.size() > 1, "no class tables found beside " + uri);
        assertTrue(!classes.subList(1, classes.size()).contains(GENERIC_CLASS), GENERIC_CLASS + " got a table");
        return classes;
    }

    /** The system's libcrypto.so.3, or null. */
    private static String systemLibrary() {
        for (String d : List.of(
                "/lib/x86_64-linux-gnu",
                "/usr/lib/x86_64-linux-gnu",
                "/usr/lib64",
                "/lib64",
                "/usr/lib",
                "/lib",
                "/usr/lib/aarch64-linux-gnu")) {
            Path p = Path.of(d, "libcrypto.so.3");
            if (Files.exists(p)) {
                return p.toString();
            }
        }
        return null;
    }

    private Report runChild(Config c, Path profile) throws Exception {
        Path out = dir.resolve(c.name().replaceAll("[^a-z0-9-]+", "_") + ".tsv");
        long t0 = System.nanoTime();
        ChildJvm.runChoosingLibrary(c.options(profile), PathMatrixMain.class, CHILD_TIMEOUT_SECONDS, out.toString());
        long millis = (System.nanoTime() - t0) / 1_000_000;
        Map<String, Outcome> outcomes = new LinkedHashMap<>();
        Map<String, String> familyOf = new LinkedHashMap<>();
        Set<String> absent = new TreeSet<>();
        Map<String, long[]> served = new TreeMap<>();
        String config = null;
        long cpu = -1;
        for (String line : Files.readAllLines(out)) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "config" -> config = String.join(" ", List.of(f).subList(1, f.length));
                case "absent" -> absent.add(f[1] + " (" + f[2] + ")");
                case "vector" -> {
                    String key = f[2] + " tcId " + f[3];
                    outcomes.put(key, new Outcome(f[4], f[5], f[6]));
                    familyOf.put(key, f[1]);
                }
                case "contract" -> {
                    outcomes.put("contract: " + f[1], new Outcome(null, null, f[2]));
                    familyOf.put("contract: " + f[1], "API contract");
                }
                case "time" -> cpu = Long.parseLong(f[2]);
                case "served" -> served.put(f[1], new long[] {Long.parseLong(f[2]), Long.parseLong(f[3])});
                default -> throw new AssertionError("unexpected line from " + c.name() + ": " + line);
            }
        }
        assertTrue(config != null && config.contains("source=" + c.library()), c.name() + " ran with " + config);
        assertTrue(c.cpuClass == null || config.contains("cpuClass=" + c.cpuClass), c.name() + " ran with " + config);
        assertTrue(config.contains("profile=none"), c.name() + " read a calibrate profile: " + config);
        return new Report(config, outcomes, familyOf, absent, served, millis, cpu);
    }

    private static String familyCounts(Map<Config, Report> reports) {
        Map<String, Integer> counts = new TreeMap<>();
        Map<String, Set<String>> absentWhere = new TreeMap<>();
        Set<String> keys = new TreeSet<>();
        Map<String, String> familyOf = new TreeMap<>();
        for (Map.Entry<Config, Report> e : reports.entrySet()) {
            keys.addAll(e.getValue().outcomes.keySet());
            familyOf.putAll(e.getValue().familyOf);
            for (String a : e.getValue().absent) {
                absentWhere.computeIfAbsent(a, k -> new TreeSet<>()).add(e.getKey().library);
            }
        }
        for (String k : keys) {
            counts.merge(familyOf.get(k), 1, Integer::sum);
        }
        StringBuilder s =
                new StringBuilder("Vectors and cases per family (each in every configuration that has it):\n");
        counts.forEach((family, n) -> s.append(String.format("  %-20s %5d%n", family, n)));
        absentWhere.forEach((service, libraries) -> s.append("  not registered with the ")
                .append(String.join(", ", libraries))
                .append(" library, compared where it is: ")
                .append(service)
                .append('\n'));
        return s.toString();
    }

    /** Every key whose outcomes differ, or whose verdict is not Wycheproof's, as rows of a table. */
    static List<String> compare(Map<Config, Report> reports) {
        Set<String> keys = new TreeSet<>();
        reports.values().forEach(r -> keys.addAll(r.outcomes.keySet()));
        List<String> rows = new ArrayList<>();
        for (String key : keys) {
            Map<String, Outcome> byConfig = new LinkedHashMap<>();
            reports.forEach((c, r) -> {
                Outcome o = r.outcomes.get(key);
                if (o != null) {
                    byConfig.put(c.name(), o);
                }
            });
            Outcome first = byConfig.values().iterator().next();
            boolean same = byConfig.values().stream().allMatch(first::sameAs);
            // a vector missing in a configuration whose library has its service is a difference too
            String family = reports.values().stream()
                    .map(r -> r.familyOf.get(key))
                    .filter(java.util.Objects::nonNull)
                    .findFirst()
                    .orElseThrow();
            for (Map.Entry<Config, Report> e : reports.entrySet()) {
                boolean familyAbsent = e.getValue().absent.stream().anyMatch(a -> a.startsWith(family + " ("));
                if (!familyAbsent && !e.getValue().outcomes.containsKey(key)) {
                    same = false;
                    byConfig.put(e.getKey().name(), new Outcome(null, null, "(not run)"));
                }
            }
            String verdictProblem = null;
            for (Outcome o : byConfig.values()) {
                if ("valid".equals(o.result) && !"accepted".equals(o.accepted)) {
                    verdictProblem = "valid vector refused";
                } else if ("invalid".equals(o.result) && "accepted".equals(o.accepted)) {
                    verdictProblem = "invalid vector accepted";
                }
            }
            if (same && verdictProblem == null) {
                continue;
            }
            StringBuilder row = new StringBuilder(key);
            if (first.result != null) {
                row.append(" (").append(first.result).append(')');
            }
            if (verdictProblem != null && same) {
                row.append(": ").append(verdictProblem).append(" on every path");
            }
            row.append('\n');
            // group configurations by outcome, so a table of 12 rows reads as 2 or 3
            Map<String, List<String>> groups = new LinkedHashMap<>();
            byConfig.forEach((config, o) ->
                    groups.computeIfAbsent(o.shown(), k -> new ArrayList<>()).add(config));
            groups.forEach((outcome, cs) -> row.append("    ")
                    .append(String.join(", ", cs))
                    .append(" -> ")
                    .append(outcome)
                    .append('\n'));
            rows.add(row.toString().stripTrailing());
        }
        return rows;
    }

    @Test
    void classTablesAreListed() throws Exception {
        List<String> classes = cpuClassTables();
        assertEquals(GENERIC_CLASS, classes.get(0));
        assertTrue(classes.containsAll(List.of("amd-avx512", "amd-avx2-vaes", "intel-avx512")), classes.toString());
    }
}
