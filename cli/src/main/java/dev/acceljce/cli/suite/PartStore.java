package dev.acceljce.cli.suite;

import dev.acceljce.cli.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The parts of a suite run kept on disk as each one ends, so that a run longer than a working
 * session ({@code full}: hours) can be interrupted and resumed with {@code --resume}. Each part
 * leaves {@code NN.json} (JMH's JSON of that part) and {@code NN-part.json} (what ran, where,
 * when, the benchmarks without a score) in the run's {@code -parts} directory.
 *
 * <p>A kept part counts only when it is the same part (suite, settings, benchmarks, parameters,
 * flags, pinning), measured on the same kind of machine and with the same benchmarks jar: ratios
 * are compared within a part, but a report whose parts came from two CPUs or two builds would
 * put different things side by side without saying so. A mismatch refuses the resume rather than
 * mixing; a run without {@code --resume} starts afresh.
 */
final class PartStore {
    /** Where a run's parts were measured: the CPU (kind and model) and the build of the benchmarks. */
    record Fingerprint(String machine, String build) {
        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("machine", machine);
            m.put("build", build);
            return m;
        }
    }

    /** A finished part: its record ({@code NN-part.json}) and its JMH JSON ({@code NN.json}). */
    record Kept(Map<String, Object> meta, String jmhJson) {}

    private final Path dir;

    private PartStore(Path dir) {
        this.dir = dir;
    }

    /** The parts directory emptied, for a run that starts afresh. */
    static PartStore fresh(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
        return new PartStore(dir);
    }

    /** The parts directory as an earlier run left it. */
    static PartStore resume(Path dir) throws IOException {
        Files.createDirectories(dir);
        return new PartStore(dir);
    }

    /**
     * Part {@code index} as kept by an earlier run, if it finished; refuses when it was another
     * part, or measured on another machine or with another build.
     */
    Optional<Kept> kept(int index, String identity, Fingerprint here) throws IOException, SuiteRunner.ResumeRefused {
        Path meta = metaFile(index);
        Path json = jsonFile(index);
        if (!Files.exists(meta) || !Files.exists(json)) {
            return Optional.empty();
        }
        if (!(Json.parse(Files.readString(meta)) instanceof Map<?, ?> m)) {
            throw new SuiteRunner.ResumeRefused(
                    meta + " is not a part record: delete " + dir + " or run without --resume");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> record = (Map<String, Object>) m;
        if (!identity.equals(record.get("identity"))) {
            throw new SuiteRunner.ResumeRefused("part " + (index + 1) + " in " + dir + " was another part ("
                    + record.get("title") + "): the suite changed since; run without --resume to start anew");
        }
        if (!here.machine().equals(record.get("machine"))) {
            throw new SuiteRunner.ResumeRefused(
                    "part " + (index + 1) + " (" + record.get("title") + ") was measured on "
                            + record.get("machine") + ", this machine is " + here.machine()
                            + ": a report mixing CPUs would compare unlike things; run without --resume to start anew");
        }
        if (!here.build().equals(record.get("build"))) {
            throw new SuiteRunner.ResumeRefused("part " + (index + 1) + " (" + record.get("title")
                    + ") was measured with another build of the benchmarks (" + record.get("build") + ", now "
                    + here.build() + "): resume with the build it started with, or run without --resume");
        }
        return Optional.of(new Kept(record, Files.readString(json)));
    }

    /** Keeps a finished part: its JMH JSON first, its record last (a record means a whole part). */
    void save(int index, Kept part) throws IOException {
        Files.writeString(jsonFile(index), part.jmhJson());
        Path tmp = metaFile(index).resolveSibling(metaFile(index).getFileName() + ".tmp");
        Files.writeString(tmp, Json.write(part.meta()));
        Files.move(tmp, metaFile(index), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private Path jsonFile(int index) {
        return dir.resolve("%02d.json".formatted(index + 1));
    }

    private Path metaFile(int index) {
        return dir.resolve("%02d-part.json".formatted(index + 1));
    }

    /** JMH's JSON arrays of several parts as one array (JMH writes {@code [ {...}, ... ]}). */
    static String merge(List<String> jmhJsons) {
        List<String> bodies = new ArrayList<>();
        for (String j : jmhJsons) {
            String t = j.strip();
            if (!t.startsWith("[") || !t.endsWith("]")) {
                throw new IllegalArgumentException("not a JMH JSON array: " + t.substring(0, Math.min(40, t.length())));
            }
            String body = t.substring(1, t.length() - 1).strip();
            if (!body.isEmpty()) {
                bodies.add(body);
            }
        }
        return "[\n" + String.join(",\n", bodies) + "\n]\n";
    }

    /** The identity of a part within a suite: everything that decides what it measures. */
    static String identity(Suite suite, Suite.Part part) {
        return suite.name() + " | " + part.settings(suite.settings()).describe() + " | " + part;
    }

    /** This machine and this build of the benchmarks (the jar the suite's JMH runs). */
    static Fingerprint here(String cpuClass) {
        return new Fingerprint(machine(cpuClass), build());
    }

    /**
     * The CPU as {@code /proc/cpuinfo} names it (model name, family, model, stepping), its number
     * of CPUs and AccelJCE's CPU class: two AMD EPYCs of different generations have the same
     * model name here, and only family/model and the class tell them apart.
     */
    static String machine(String cpuClass) {
        String name = "unknown CPU";
        String family = "?";
        String model = "?";
        String stepping = "?";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String key = line.substring(0, colon).trim();
                String value = line.substring(colon + 1).trim();
                switch (key) {
                    case "model name" -> name = value;
                    case "cpu family" -> family = value;
                    case "model" -> model = value;
                    case "stepping" -> stepping = value;
                    default -> {}
                }
                if (key.isEmpty()) {
                    break;
                }
            }
        } catch (IOException e) {
            // not Linux: the name stays unknown, the class still says what matters
        }
        return name + " (family " + family + " model " + model + " stepping " + stepping + "), "
                + Runtime.getRuntime().availableProcessors() + " CPUs, class " + cpuClass;
    }

    /**
     * SHA-256 over the names and contents of the benchmarks jar's entries, in name order: the
     * same sources built twice give the same value (entry times differ, contents do not).
     */
    static String build() {
        try {
            var source = dev.acceljce.bench.BenchmarkProviders.class
                    .getProtectionDomain()
                    .getCodeSource();
            Path jar = source == null ? null : Path.of(source.getLocation().toURI());
            if (jar == null || !Files.isRegularFile(jar)) {
                return "classes at " + jar + " (not a jar)";
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (JarFile f = new JarFile(jar.toFile())) {
                List<JarEntry> entries = f.stream()
                        .filter(e -> !e.isDirectory())
                        .sorted(Comparator.comparing(JarEntry::getName))
                        .toList();
                byte[] buffer = new byte[1 << 16];
                for (JarEntry e : entries) {
                    sha.update(e.getName().getBytes(StandardCharsets.UTF_8));
                    try (InputStream in = f.getInputStream(e)) {
                        for (int n; (n = in.read(buffer)) > 0; ) {
                            sha.update(buffer, 0, n);
                        }
                    }
                }
            }
            return "benchmarks jar sha256 "
                    + HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (IOException | java.net.URISyntaxException | NoSuchAlgorithmException e) {
            return "unknown build (" + e.getMessage() + ")";
        }
    }
}
