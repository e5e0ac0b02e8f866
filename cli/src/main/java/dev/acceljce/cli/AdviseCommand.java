package dev.acceljce.cli;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.cli.advise.TlsAdvice;
import dev.acceljce.control.Counters;
import dev.acceljce.control.CpuFeatures;
import dev.acceljce.ssh.advise.SshAdvice;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/** {@code acceljce advise ssh|tls}: measure here, print configuration lines fastest first. */
final class AdviseCommand implements Command {
    @Override
    public String name() {
        return "advise";
    }

    @Override
    public String summary() {
        return "measure SSH ciphers/MACs or TLS suites/groups here; print config lines, fastest first";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce advise ssh|tls [--quick] [--size-mib N] [--runs N]

                Measures on this machine and prints configuration lines, fastest first, with the
                measured numbers as comments. Only algorithms that are safe are measured or named:
                no CBC, SHA-1, MD5, 3DES, RC4/arcfour, blowfish, cast128, no TLS_RSA_* key transport,
                no non-AEAD TLS suite, whatever their speed.

                ssh  an SFTP upload over loopback per cipher and MAC, with MINA SSHD on AccelJCE in
                     this JVM and, when installed, with OpenSSH (client and sshd) too; prints
                     Ciphers and MACs lines for ssh_config/sshd_config (OpenSSH's speed) and for
                     MINA SSHD (its speed).
                tls  application data through JSSE engines per cipher suite, and full TLS 1.3
                     handshakes per named group, with AccelJCE first in the provider list; prints
                     jdk.tls.client.cipherSuites, jdk.tls.server.cipherSuites, jdk.tls.namedGroups.

                Progress goes to stderr, the lines to stdout. The numbers rank algorithms on this
                machine as it is loaded now; they are not a benchmark (JMH is: ./acceljce bench).

                Options:
                  --quick       small sizes, one run: seconds, noisy (checks that it works)
                  --size-mib N  ssh: file per copy (default 64); tls: data per suite (default 128)
                  --runs N      ssh: copies per algorithm (default 3); tls: handshakes per group
                                (default 200)
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("--quick");
    }

    @Override
    public Set<String> options() {
        return Set.of("--size-mib", "--runs");
    }

    @Override
    public int maxOperands() {
        return 1;
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        if (args.operands().size() != 1
                || !List.of("ssh", "tls").contains(args.operands().getFirst())) {
            throw new Args.UsageException("say what to advise on: ssh or tls");
        }
        boolean quick = args.flag("--quick");
        boolean ssh = args.operands().getFirst().equals("ssh");
        long size = Long.parseLong(args.option("--size-mib", quick ? "2" : ssh ? "64" : "128")) << 20;
        int runs = Integer.parseInt(args.option("--runs", quick ? "1" : ssh ? "3" : "200"));
        CpuFeatures cpu = CpuFeatures.ofThisMachine();
        out.println("# acceljce advise " + args.operands().getFirst() + (quick ? " --quick" : "") + ", " + Instant.now()
                + ": " + cpu.model() + " (" + cpu.logicalCpus() + " CPUs; " + cpu.present() + "), Java "
                + Runtime.version());
        out.println("# Measured under the load this machine had then ("
                + Files.readString(Path.of("/proc/loadavg")).strip()
                + "); rerun on the machine that will use the lines.");
        Path work = Files.createTempDirectory("acceljce-advise-");
        try {
            Map<String, Counters.Row> before = Counters.snapshot();
            (ssh ? ssh(size, runs, work) : tls(size, runs, work)).forEach(out::println);
            servedBy(before, Counters.snapshot()).forEach(out::println);
        } finally {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        return 0;
    }

    /** What AccelJCE served during the measurements: its counters' rows that did bulk or key work. */
    private static List<String> servedBy(Map<String, Counters.Row> before, Map<String, Counters.Row> after) {
        List<String> out = new java.util.ArrayList<>();
        out.add("# AccelJCE's counters over the measurements (native ops / JDK ops):");
        after.forEach((name, r) -> {
            Counters.Row o = before.getOrDefault(name, new Counters.Row(name, 0, 0, 0, 0, 0, 0));
            long nativeOps = r.nativeOps() - o.nativeOps();
            long jdkOps = r.jdkOps() - o.jdkOps();
            long nativeObjects = r.nativeObjects() - o.nativeObjects();
            long jdkObjects = r.jdkObjects() - o.jdkObjects();
            if (Stream.of("Cipher.", "Mac.", "KeyAgreement.", "Signature.").noneMatch(name::startsWith)
                    || nativeOps + jdkOps + nativeObjects + jdkObjects == 0) {
                return;
            }
            out.add(String.format(
                    "#   %-32s %10d / %d%s",
                    name,
                    nativeOps,
                    jdkOps,
                    nativeOps + jdkOps > 0
                            ? ""
                            : " (" + nativeObjects + " native objects, " + jdkObjects
                                    + " JDK; no finished operation counted)"));
        });
        return out;
    }

    private static List<String> ssh(long size, int runs, Path work) throws Exception {
        SshAdvice advice = new SshAdvice(size, runs, System.err);
        System.err.println(
                "Measuring SSH ciphers and MACs (" + (size >> 20) + " MiB SFTP upload, " + runs + " run(s) each)...");
        Optional<SshAdvice.Ranking> openSsh = advice.measureOpenSsh(work);
        SshAdvice.Ranking mina = advice.measureMina(work);
        return SshAdvice.lines(openSsh, mina);
    }

    private static List<String> tls(long size, int runs, Path work) throws Exception {
        if (Security.getProvider(AccelJceProvider.NAME) == null) {
            Security.insertProviderAt(new AccelJceProvider(), 1);
        }
        System.err.println("Measuring TLS cipher suites (" + (size >> 20) + " MiB each) and named groups (" + runs
                + " handshakes each) through AccelJCE...");
        TlsAdvice advice = new TlsAdvice(size, runs, System.err, work);
        List<TlsAdvice.Speed> tls13 = advice.suites("TLSv1.3", TlsAdvice.TLS13_SUITES);
        List<TlsAdvice.Speed> tls12 = advice.suites("TLSv1.2", TlsAdvice.TLS12_SUITES);
        return TlsAdvice.lines(tls13, tls12, advice.groups());
    }
}
