package dev.acceljce.workload.run;

import dev.acceljce.workload.config.Configuration;
import dev.acceljce.workload.tls.TlsSetting;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The run controller behind {@code ./acceljce workload quick|full}: for every configuration and
 * TLS setting it starts BeSim and the bank, searches the sessions within QoS with driver JVMs,
 * stops them, and at the end prints the table and writes JSON, Markdown and charts.
 */
public final class WorkloadMain {
    static final String USAGE =
            """
            Usage: acceljce workload quick|full [OPTIONS]

            An HTTPS banking workload after SPECweb2005 Banking (Oracle EEJS) and IBM DayTrader: a Jetty
            bank on SunJSSE (its JVM pinned to CPU 1) with the configuration under test installed first,
            BeSim reached over a new TLS connection per call, and closed-loop users (CPU 0). For each
            configuration it searches the most simultaneous sessions meeting QoS (95%% of pages within
            2 s, 99%% within 4 s) and reports pages/s, response times, the bank's CPU per page, full vs
            resumed handshakes, AccelJCE's counters and lock contention.

              quick   one TLS setting (tls13-ecdsa), jdk-software, jdk-default, acceljce-auto,
                      acceljce-native; compressed think time; a few minutes
              full    every configuration and TLS setting, longer windows (about two hours on 2 cores)
              handshakes   the driver's raw full-handshake rate checked against h2load's

              --configs A,B,...    configurations (%s)
              --tls A,B,...        TLS settings (%s)
              --think-mean S       mean think time in seconds (compressed mode; default 1 quick, 2 full)
              --faithful           the published think time: mean 10 s, max 150 s
              --jit-warmup S       full handshakes (16 clients) before measuring each bank JVM, so its
                                   handshake code is compiled (default 5 quick, 45 full)
              --warmup S --measure S  per load point
              --start-users N --max-users N --refine N   the QoS search
              --besim new-connection|pooled   how the bank reaches BeSim (default new-connection)
              --bank-port N        the bank's port on 127.0.0.1 (default: a free one)
              --core-provider jdk|acceljce   providers of the driver and BeSim, not under test (default
                                   acceljce: the cheaper handshakes leave the load generator's core
                                   more room, which is the limit of a 2-core run)
              --bank-jvm "OPTIONS"  more options for the bank's JVM, e.g. "-XX:StartFlightRecording=filename=bank.jfr"
              --out DIR            where results go (default target/workload/<mode>-<time>)
            """.formatted(String.join(", ", Configuration.ids()), String.join(", ", TlsSetting.ids()));

    private WorkloadMain() {}

    public static void main(String[] argv) {
        int status;
        try {
            status = run(argv, System.out);
        } catch (IllegalArgumentException e) {
            System.err.println("acceljce workload: " + e.getMessage());
            System.err.println();
            System.err.print(USAGE);
            status = 2;
        } catch (Exception e) {
            System.err.println("acceljce workload: " + e.getMessage());
            status = 1;
        }
        System.exit(status);
    }

    static int run(String[] argv, PrintStream out) throws Exception {
        Options o = Options.parse(argv);
        if (o.has("--help") || o.words().size() != 1) {
            throw new IllegalArgumentException(o.has("--help") ? "usage" : "say quick, full or handshakes");
        }
        RunSpec spec = spec(o.words().getFirst(), o);
        checkPort(spec.bankPort());
        List<DebianPackages.Need> needs = DebianPackages.of(spec);
        if (needs.stream().anyMatch(n -> !n.present())) {
            out.println("Installing the Debian packages this run needs (apt-get): "
                    + String.join(
                            ", ",
                            needs.stream()
                                    .filter(n -> !n.present())
                                    .map(DebianPackages.Need::what)
                                    .toList()));
            // what stays missing fails its configuration later, with the apt-get line
            DebianPackages.ensure(needs).forEach(out::println);
        }
        Machine.noteLoadAtStart();
        Files.createDirectories(spec.out());
        Path work = Files.createTempDirectory("acceljce-workload-");
        // Ctrl-C ends the JVM without running the finally below: the temp dir (keys, token) goes then
        Thread cleanup = new Thread(() -> deleteTree(work), "delete-work-dir");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            if (spec.mode().equals("handshakes")) {
                out.println("The driver's raw full-handshake rate against h2load's, same bank, both clients on CPU 0");
                HandshakeCheck.run(spec, work, out);
                out.println("JSON: " + spec.out().resolve("handshake-check.json"));
                return 0;
            }
            out.printf(
                    "AccelJCE workload %s: %d configurations x %d TLS settings, think time mean %.1f s%s, BeSim %s%n",
                    spec.mode(),
                    spec.configurations().size(),
                    spec.tlsSettings().size(),
                    spec.thinkMeanSeconds(),
                    spec.thinkMeanSeconds() == 10.0 ? " (faithful)" : " (compressed)",
                    spec.besimMode());
            out.printf(
                    "bank pinned to CPU %d, driver and BeSim to CPU %d%s; results in %s%n",
                    Servers.SERVER_CPU,
                    Servers.DRIVER_CPU,
                    ChildJvm.canPin() ? "" : " (NOT pinned: no taskset or < 2 CPUs)",
                    spec.out());
            List<Result> results = new ArrayList<>();
            for (TlsSetting tls : spec.tlsSettings()) {
                for (Configuration c : spec.configurations()) {
                    results.add(runOne(spec, c, tls, work, out));
                }
            }
            Report report = new Report(spec, results, String.join(" ", argv));
            report.write();
            out.println();
            out.print(report.table());
            out.println("\nJSON, Markdown and charts: " + spec.out());
            return results.stream().allMatch(r -> r.error() == null) ? 0 : 1;
        } finally {
            deleteTree(work);
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
    }

    private static Result runOne(RunSpec spec, Configuration c, TlsSetting tls, Path work, PrintStream out) {
        out.printf("%s on %s: %s%n", c.id, tls.id, c.description);
        Path dir = work.resolve(c.id + "-" + tls.id);
        try (Servers servers = Servers.start(c, tls, spec, Files.createDirectories(dir))) {
            QosSearch.Outcome outcome = QosSearch.run(spec, servers, out);
            return new Result(c, tls, outcome, null, servers.tokenProof());
        } catch (Exception e) {
            String message = e.getMessage() != null ? e.getMessage() : e.toString();
            out.println("  FAILED: " + message);
            copyLogs(dir, spec.out());
            return new Result(c, tls, null, message, null);
        }
    }

    static RunSpec spec(String mode, Options o) {
        boolean quick = switch (mode) {
            case "quick", "handshakes" -> true;
            case "full" -> false;
            default -> throw new IllegalArgumentException("unknown mode '" + mode + "': say quick, full or handshakes");
        };
        List<Configuration> configs = o.has("--configs")
                ? Arrays.stream(o.get("--configs").split(","))
                        .map(Configuration::byId)
                        .toList()
                : mode.equals("handshakes")
                        ? List.of(Configuration.JDK_DEFAULT, Configuration.ACCELJCE_NATIVE)
                        : quick
                                ? List.of(
                                        Configuration.JDK_SOFTWARE,
                                        Configuration.JDK_DEFAULT,
                                        Configuration.ACCELJCE_AUTO,
                                        Configuration.ACCELJCE_NATIVE)
                                : List.of(Configuration.values());
        List<TlsSetting> tls = o.has("--tls")
                ? Arrays.stream(o.get("--tls").split(",")).map(TlsSetting::byId).toList()
                : quick ? List.of(TlsSetting.TLS13_ECDSA) : List.of(TlsSetting.values());
        double think = o.has("--faithful") ? 10.0 : o.getDouble("--think-mean", quick ? 1.0 : 2.0);
        String besim = o.get("--besim", "new-connection");
        if (!besim.equals("new-connection") && !besim.equals("pooled")) {
            throw new IllegalArgumentException("--besim wants new-connection or pooled, not " + besim);
        }
        String core = o.get("--core-provider", "acceljce");
        if (!core.equals("jdk") && !core.equals("acceljce")) {
            throw new IllegalArgumentException("--core-provider wants jdk or acceljce, not " + core);
        }
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC)
                .format(Instant.now());
        Path home = Path.of(System.getProperty("acceljce.home", System.getenv().getOrDefault("ACCELJCE_HOME", ".")));
        Path out = Path.of(o.get(
                "--out", home.resolve("target/workload/" + mode + "-" + stamp).toString()));
        int start = o.getInt("--start-users", (int) Math.max(8, Math.round(64 * think)));
        return new RunSpec(
                mode,
                configs,
                tls,
                think,
                o.getDouble("--jit-warmup", quick ? 5 : 45),
                o.getDouble("--warmup", quick ? 4 : 5),
                o.getDouble("--measure", quick ? 8 : 15),
                start,
                o.getInt("--max-users", 8192),
                o.getInt("--refine", quick ? 1 : 2),
                besim,
                o.getInt("--bank-port", 0),
                core,
                o.has("--bank-jvm") ? List.of(o.get("--bank-jvm").trim().split("\\s+")) : List.of(),
                out.toAbsolutePath());
    }

    /** A port the user named must be free on 127.0.0.1; say so before starting anything. */
    static void checkPort(int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalArgumentException("port " + port + " on 127.0.0.1 is in use (" + e.getMessage()
                    + "); choose another with --bank-port or leave it out for a free one");
        }
    }

    private static void copyLogs(Path from, Path to) {
        try (Stream<Path> logs = Files.exists(from) ? Files.list(from) : Stream.empty()) {
            for (Path log : logs.filter(p -> p.toString().endsWith(".log")).toList()) {
                Files.copy(
                        log,
                        to.resolve(from.getFileName() + "-" + log.getFileName()),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // the message already went out
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temp dir left behind is not worth failing a run
        }
    }

    /**
     * The outcome of one configuration on one TLS setting, or why it failed; for pkcs11-token the
     * token's own log of a few handshakes (null otherwise, or when the spy is missing).
     */
    record Result(
            Configuration configuration,
            TlsSetting tls,
            QosSearch.Outcome outcome,
            String error,
            TokenProof.Account tokenProof) {}
}
