package dev.acceljce.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code acceljce workload quick|full}: the end-to-end HTTPS banking workload of workload/. It runs
 * in a JVM of its own (workload/target/workload.jar, which carries Jetty, the peer providers and
 * the charts library the command's class path does not), which starts and stops the bank, BeSim
 * and the driver; Ctrl-C reaches all of them.
 */
final class WorkloadCommand implements Command {
    static final String MAIN = "dev.acceljce.workload.run.WorkloadMain";

    @Override
    public String name() {
        return "workload";
    }

    @Override
    public String summary() {
        return "HTTPS banking workload (SPECweb2005 Banking / EEJS): sessions within QoS per provider configuration";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce workload quick|full|handshakes [OPTIONS]

                An HTTPS banking workload after SPECweb2005 Banking (Oracle EEJS) and IBM DayTrader: a
                Jetty 12.1 bank on SunJSSE pinned to CPU 1 with the configuration under test first, BeSim
                reached over a new TLS connection per call, closed-loop users on CPU 0. For each
                configuration it searches the most simultaneous sessions meeting QoS (95% of pages within
                2 s, 99% within 4 s); prints progress and the table; writes JSON, Markdown and charts.

                  quick   tls13-ecdsa; jdk-software, jdk-default, acceljce-auto, acceljce-native (minutes)
                  full    every configuration (also accp, conscrypt, nss, pkcs11-token) and every TLS
                          setting (tls13-ecdsa, tls13-rsa2048, tls13-rsa4096, tls12-ecdhe-ecdsa,
                          tls12-rsa-kx); about two hours on 2 cores
                  handshakes   the driver's raw full-handshake rate checked against h2load's

                  --configs A,B,...     configurations to run
                  --tls A,B,...         TLS settings to run
                  --think-mean S        mean think time (compressed mode; default 1 s quick, 2 s full)
                  --faithful            the published think time: exponential, mean 10 s, max 150 s
                  --warmup S            warm-up per load point (the first point warms up 3 times longer)
                  --measure S           measured window per load point
                  --start-users N       first load point of the search
                  --max-users N         the search never goes above
                  --refine N            bisection steps after the first failing point
                  --besim MODE          new-connection (EEJS, default) or pooled
                  --bank-port N         the bank's port on 127.0.0.1 (default: a free one)
                  --core-provider P     acceljce (default) or jdk: the driver's and BeSim's providers
                  --bank-jvm "OPTIONS"  more options for the bank's JVM (a JFR recording, for instance)
                  --out DIR             where results go (default target/workload/<mode>-<time>)

                Run as root, it installs the Debian packages a configuration needs (softhsm2 for
                pkcs11-token, libnss3 for nss, nghttp2-client for handshakes) before it starts.
                docs/workload.md describes the workload and holds the full results.
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("--faithful");
    }

    @Override
    public Set<String> options() {
        return Set.of(
                "--configs",
                "--tls",
                "--think-mean",
                "--warmup",
                "--measure",
                "--start-users",
                "--max-users",
                "--refine",
                "--besim",
                "--bank-port",
                "--core-provider",
                "--bank-jvm",
                "--out");
    }

    @Override
    public int maxOperands() {
        return 1;
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        if (args.operands().size() != 1) {
            throw new Args.UsageException("say quick, full or handshakes");
        }
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
                args.operands().getFirst()));
        for (String option : options()) {
            for (String value : args.options(option)) {
                cmd.add(option);
                cmd.add(value);
            }
        }
        if (args.flag("--faithful")) {
            cmd.add("--faithful");
        }
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroy)); // Ctrl-C: the run stops its JVMs
        return p.waitFor();
    }
}
