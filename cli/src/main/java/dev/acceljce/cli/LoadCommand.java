package dev.acceljce.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code acceljce load} and {@code acceljce churn}: TLS connections held by the thousand, and
 * made and dropped for an hour, against one TLS stack's server JVM (workload/, package
 * {@code dev.acceljce.workload.load}). They run in a JVM of their own from workload.jar, which
 * starts the server and client JVMs; Ctrl-C stops all of them. The launcher raises the limit on
 * open descriptors for these two commands (10,000 connections need more than the usual 1,024).
 */
final class LoadCommand implements Command {
    static final String MAIN = "dev.acceljce.workload.load.LoadMain";

    private final String name;

    private LoadCommand(String name) {
        this.name = name;
    }

    static LoadCommand hold() {
        return new LoadCommand("load");
    }

    static LoadCommand churn() {
        return new LoadCommand("churn");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String summary() {
        return name.equals("load")
                ? "TLS 1.3 connections held by the thousand: memory, descriptors, pinning per connection"
                : "TLS connections made and dropped for an hour: memory flat, every libssl object freed";
    }

    @Override
    public String usage() {
        return name.equals("load") ? """
                Usage: acceljce load [OPTIONS]

                Opens 1,000 and 10,000 TLS 1.3 connections over 127.0.0.1 to a server JVM on one TLS stack
                (an SSLServerSocket served by virtual threads, or Jetty 12.1), exchanges small messages,
                holds them idle, closes them; twice. The server measures itself after a GC: heap and
                byte[], NMT, glibc malloc, RSS and descriptors per open connection, JFR's
                jdk.VirtualThreadPinned events, and where its footprint returns after the connections close.

                  --stacks A,B,...    acceljce-tls, sunjsse-acceljce, conscrypt, sunjsse
                                      (default the first three)
                  --servers A,B       sockets, jetty and/or engines (N idle client and server
                                      SSLEngine pairs of the stack in one JVM) (default sockets)
                  --connections N,M   (default 1000,10000)
                  --rounds R          (default 2)
                  --concurrency C     handshakes in flight while ramping (default 32)
                  --messages M --exchange-seconds S   (default 5, 10)
                  --warmup N          connections before the baseline (default 500)
                  --server-heap SIZE --client-heap SIZE   (default 3g, 3g)
                  --server-env N=V,...  environment of the server JVM (MALLOC_ARENA_MAX=2, GLIBC_TUNABLES=...)
                  --no-pin            do not pin the server to CPU 1 and the client to CPU 0
                  --out DIR           (default target/load/hold-<time>)

                docs/hardening.md describes the figures and holds a committed run.
                """ : """
                Usage: acceljce churn [OPTIONS]

                Connect, handshake (half resumed), 1 KiB each way, close, as fast as the CPUs allow, one
                connection in ten dropped abruptly (no close_notify, a TCP reset, a peer that vanishes
                mid-handshake), all over 127.0.0.1. The server's RSS, NMT, malloc and descriptors are
                sampled and plotted; at the end, memory must be within the tolerance of its value at
                the first fifth of the run, every libssl object freed after a GC (the callback table
                empty) and no descriptor left. Exit status 0 when all hold.

                  --stack ID          acceljce-tls (default), sunjsse-acceljce, conscrypt, sunjsse
                  --server KIND       sockets (default) or jetty
                  --minutes M | --seconds S   (default 60 minutes)
                  --sample-seconds S  (default 60, or 5 for runs under 10 minutes)
                  --workers W         connections in flight (default 8)
                  --tolerance F       (default 0.05)
                  --server-heap SIZE  -Xms and -Xmx of the server (default 512m)
                  --no-pin            do not pin the server to CPU 1 and the client to CPU 0
                  --out DIR           (default target/load/churn-<time>)
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("--no-pin");
    }

    @Override
    public Set<String> options() {
        return name.equals("load")
                ? Set.of(
                        "--stacks",
                        "--servers",
                        "--connections",
                        "--rounds",
                        "--concurrency",
                        "--messages",
                        "--exchange-seconds",
                        "--warmup",
                        "--server-heap",
                        "--client-heap",
                        "--server-env",
                        "--out")
                : Set.of(
                        "--stack",
                        "--server",
                        "--minutes",
                        "--seconds",
                        "--sample-seconds",
                        "--workers",
                        "--tolerance",
                        "--server-heap",
                        "--out");
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        Path jar = Main.home().resolve("workload/target/workload.jar");
        if (!Files.exists(jar)) {
            throw new Failure(jar + " is missing: build with ./scripts/mvn.sh -q -DskipTests package");
        }
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED",
                "-Dacceljce.home=" + Main.home().toAbsolutePath(),
                "-cp",
                jar.toString(),
                MAIN,
                name.equals("load") ? "hold" : "churn"));
        for (String option : options()) {
            for (String value : args.options(option)) {
                cmd.add(option);
                cmd.add(value);
            }
        }
        if (args.flag("--no-pin")) {
            cmd.add("--no-pin");
        }
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroy)); // Ctrl-C: the run stops its JVMs
        return p.waitFor();
    }
}
