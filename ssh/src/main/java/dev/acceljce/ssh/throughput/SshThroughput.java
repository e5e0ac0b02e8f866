package dev.acceljce.ssh.throughput;

import dev.acceljce.control.CpuFeatures;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.ssh.OpenSsh;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The SFTP/SCP throughput table of docs/ssh.md: a file uploaded over loopback per cipher and MAC,
 * by OpenSSH (client and sshd), by MINA SSHD on the JDK's providers and by MINA SSHD on AccelJCE
 * (each MINA engine in its own JVM: MINA fixes its providers once per JVM). Every engine is pinned
 * to one CPU ({@code taskset}), both ends of the copy included: no engine gets more than one CPU,
 * and its CPU seconds cannot exceed the wall time (the CPU is shared with whatever else runs there).
 *
 * <p>Options ({@code --name value}): {@code --size-mib} (128), {@code --runs} (3), {@code --rounds}
 * (2: the engines run again in reverse order), {@code --algorithms} (comma list,
 * {@link CopyCase#DEFAULT_ALGORITHMS}), {@code --protocols}
 * (SFTP,SCP), {@code --engines} (openssh,mina-jdk,mina-acceljce), {@code --cpu} (1; -1: no
 * pinning), {@code --out} (target/ssh-throughput), {@code --work} (a directory under /dev/shm,
 * else the temporary directory).
 */
public final class SshThroughput {
    private SshThroughput() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new TreeMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        long size = Long.parseLong(a.getOrDefault("--size-mib", "128")) * 1024 * 1024;
        int runs = Integer.parseInt(a.getOrDefault("--runs", "3"));
        int rounds = Integer.parseInt(a.getOrDefault("--rounds", "2"));
        String algorithms = a.getOrDefault("--algorithms", String.join(",", CopyCase.DEFAULT_ALGORITHMS));
        String protocols = a.getOrDefault("--protocols", "SFTP,SCP");
        List<String> engines = List.of(
                a.getOrDefault("--engines", "openssh,mina-jdk,mina-acceljce").split(","));
        int cpu =
                Integer.parseInt(a.getOrDefault("--cpu", Runtime.getRuntime().availableProcessors() > 1 ? "1" : "-1"));
        Path outDir = Files.createDirectories(Path.of(a.getOrDefault("--out", "target/ssh-throughput")));
        Path shm = Path.of("/dev/shm");
        Path work = a.containsKey("--work")
                ? Files.createDirectories(Path.of(a.get("--work")))
                : Files.isWritable(shm)
                        ? Files.createTempDirectory(shm, "acceljce-ssh-")
                        : Files.createTempDirectory("acceljce-ssh-");
        List<String> launcher = cpu >= 0 && Files.isExecutable(Path.of("/usr/bin/taskset"))
                ? List.of("/usr/bin/taskset", "-c", Integer.toString(cpu))
                : List.of();

        Files.deleteIfExists(outDir.resolve("ssh-throughput.tsv"));
        String start = Instant.now().toString();
        String loadBefore = Files.readString(Path.of("/proc/loadavg")).strip();
        List<CopyResult> results = new ArrayList<>();
        try {
            Path source = work.resolve("source.bin");
            RandomFile.write(source, size);
            System.err.printf(
                    "SSH throughput: %d MiB, %d rounds of %d runs, %s, %s, %s%n",
                    size >> 20,
                    rounds,
                    runs,
                    protocols,
                    engines,
                    launcher.isEmpty() ? "not pinned" : "pinned to CPU " + cpu);
            // rounds alternate the engines' order, so a load that drifts during the run (a shared
            // machine) weighs on every engine alike
            List<String> order = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                order.addAll(round % 2 == 0 ? engines : engines.reversed());
            }
            for (String engine : order) {
                int before = results.size();
                switch (engine) {
                    case "openssh" -> results.addAll(openSsh(work, source, runs, algorithms, protocols, launcher));
                    case "mina-jdk", "mina-acceljce" ->
                        results.addAll(
                                minaJvm(engine.substring(5), work, source, runs, algorithms, protocols, launcher));
                    default -> throw new IllegalArgumentException("unknown engine " + engine);
                }
                // kept as they come: a run that fails later still leaves what it measured
                Files.write(
                        outDir.resolve("ssh-throughput.tsv"),
                        results.subList(before, results.size()).stream()
                                .map(CopyResult::toLine)
                                .toList(),
                        java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.APPEND);
            }
        } finally {
            deleteTree(work);
        }
        List<String> engineNames = engines.stream()
                .map(e -> switch (e) {
                    case "openssh" -> OpenSshCopier.ENGINE;
                    case "mina-jdk" -> MinaCopier.ENGINE_JDK;
                    default -> MinaCopier.ENGINE_ACCELJCE;
                })
                .toList();
        ThroughputTable table = new ThroughputTable(results, engineNames);
        CpuFeatures cpuInfo = CpuFeatures.ofThisMachine();
        String conditions = String.format(
                """
                Measured %s to %s with `SshThroughput --size-mib %d --runs %d --rounds %d`: a %d MiB file \
                uploaded over 127.0.0.1 by each engine, both ends pinned to CPU %s; %d copies per cell (rounds \
                alternate the engines' order).
                CPU: %s (%d logical CPUs), features %s. Load average before: %s, after: %s.
                **A shared, loaded machine**: other sessions ran builds and tests on these cores during the run.
                Java %s; OpenSSL %s; %s; Apache MINA SSHD 2.20.0.
                """,
                start,
                Instant.now(),
                size >> 20,
                runs,
                rounds,
                size >> 20,
                launcher.isEmpty() ? "none" : cpu,
                runs * rounds,
                cpuInfo.model(),
                cpuInfo.logicalCpus(),
                cpuInfo.present(),
                loadBefore,
                Files.readString(Path.of("/proc/loadavg")).strip(),
                Runtime.version(),
                LibCrypto.isAvailable() ? LibCrypto.version() + " (" + LibCrypto.source() + ")" : "not loaded",
                engines.contains("openssh") ? OpenSsh.version() : "OpenSSH not run");
        String md = conditions + table.markdown();
        Files.writeString(outDir.resolve("ssh-throughput.md"), md);
        List<Path> charts = table.charts(outDir, "ssh-throughput", cpuInfo.model() + ", shared machine");
        System.out.println(md);
        System.err.println("Wrote " + outDir.resolve("ssh-throughput.md") + ", " + charts);
    }

    private static List<CopyResult> openSsh(
            Path work, Path source, int runs, String algorithms, String protocols, List<String> launcher)
            throws Exception {
        Optional<String> missing = OpenSsh.ensureInstalled();
        if (missing.isPresent()) {
            System.err.println("OpenSSH skipped: " + missing.get());
            return List.of();
        }
        List<CopyResult> out = new ArrayList<>();
        List<CopyCase> cases = cases(algorithms, protocols);
        try (OpenSshCopier copier = new OpenSshCopier(work, launcher)) {
            for (CopyCase c : cases) {
                for (int r = 0; r < runs; r++) {
                    CopyResult res = copier.copy(c, source);
                    System.err.printf(
                            "  %s %s %s: %.0f MB/s%n",
                            OpenSshCopier.ENGINE, c.protocol(), c.algorithms(), res.mbPerSecond());
                    out.add(res);
                }
            }
        }
        return out;
    }

    private static List<CopyCase> cases(String algorithms, String protocols) {
        return CopyCase.parse(
                List.of(algorithms.split(",")),
                Stream.of(protocols.split(",")).map(CopyCase.Protocol::valueOf).toList());
    }

    /** Runs {@link MinaCopier#main} in a new JVM (same class path, same AccelJCE switches). */
    private static List<CopyResult> minaJvm(
            String engine, Path work, Path source, int runs, String algorithms, String protocols, List<String> launcher)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(launcher);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        System.getProperties().stringPropertyNames().stream()
                .filter(n -> n.startsWith("acceljce."))
                .sorted()
                .forEach(n -> cmd.add("-D" + n + "=" + System.getProperty(n)));
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                MinaCopier.class.getName(),
                "--engine",
                engine,
                "--source",
                source.toString(),
                "--dir",
                work.toString(),
                "--runs",
                Integer.toString(runs),
                "--algorithms",
                algorithms,
                "--protocols",
                protocols));
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        List<CopyResult> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                CopyResult res = CopyResult.parse(line);
                if (res != null) {
                    out.add(res);
                }
            }
        }
        if (p.waitFor() != 0) {
            throw new IOException("the " + engine + " JVM exited with " + p.exitValue());
        }
        return out;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
