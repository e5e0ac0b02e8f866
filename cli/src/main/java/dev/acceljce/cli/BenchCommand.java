package dev.acceljce.cli;

import dev.acceljce.cli.report.SuiteReport;
import dev.acceljce.cli.suite.Suite;
import dev.acceljce.cli.suite.SuiteRunner;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * {@code acceljce bench}: the whole JMH suite (or a part of it), AccelJCE and the JDK side by
 * side, written as JMH JSON plus the Markdown table.
 */
final class BenchCommand implements Command {
    /** Every benchmark of the bench module. */
    static final String ALL = "^dev\\.acceljce\\.bench\\.";

    @Override
    public String name() {
        return "bench";
    }

    @Override
    public String summary() {
        return "run the full JMH suite (AccelJCE vs JDK); write JSON and the Markdown table";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce bench --suite quick|seeds|peers|full [--resume] [--out FILE.json]
                       acceljce bench [--quick] [--include REGEX] [--param NAME=V1,V2] [--out FILE.json]

                With --suite: a named suite of AccelJCE against the JDK (with and without HotSpot's
                intrinsics), ACCP, Conscrypt and Bouncy Castle, with a progress line per benchmark;
                writes JMH's JSON, a Markdown report and one PNG chart per family to
                target/bench/SUITE/ (or beside FILE.json). The benchmark JVMs are pinned to CPU 1
                with taskset (the 2-thread parts to CPUs 0,1).
                  quick   AES-GCM, SHA-256, ECDSA, TLS at a few sizes: under 4 minutes on 2 cores
                  seeds   the seed studies' figures (AES-GCM, SHA-256, ECDSA, AES-CBC): ~15 minutes
                  peers   every family, life cycle, TLS, 2 threads; shortened iterations: ~45 minutes
                  full    peers with 2 forks and 5 × 1 s iterations: several hours

                  --resume   go on with an interrupted run of the same suite (same --out): every part
                             is kept as it ends (FILE-parts/), and the parts kept from a run on this
                             machine with this build are not run again. Refused when they came from
                             another CPU or another build; the report says the run was resumed.

                Without --suite:

                Runs the JMH benchmarks of bench/ (AES/GCM/NoPadding, SHA-256, HmacSHA256 at 32 B to
                16 KiB), each with provider=AccelJCE and provider=JDK in the same run. Writes JMH's
                JSON to FILE.json and the Markdown table to FILE.md beside it, and prints the table.
                With the benchmarks' own settings (2 forks, 5 × 1 s warm-up, 5 × 1 s measurement)
                the whole suite takes about 12 minutes; keep the machine otherwise idle.

                  --quick              1 fork, 3 × 1 s warm-up, 3 × 1 s measurement (about 4 minutes)
                  --include REGEX      only benchmarks whose name matches (JMH's include), e.g. Digest
                  --param NAME=V1,V2   override a parameter, e.g. --param size=32,16384 (repeatable)
                  --out FILE.json      where the JSON goes (default target/bench/jmh-result.json)

                Switches for AccelJCE go before the subcommand: ./acceljce -Dacceljce.native=false bench
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("--quick", "--resume");
    }

    @Override
    public Set<String> options() {
        return Set.of("--include", "--param", "--out", "--suite");
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        String suite = args.option("--suite", null);
        if (suite != null) {
            return runSuite(suite, args, out);
        }
        if (args.flag("--resume")) {
            throw new Args.UsageException("--resume goes with --suite");
        }
        Path json = Path.of(args.option(
                "--out", Main.home().resolve("target/bench/jmh-result.json").toString()));
        Path markdown = json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", "") + ".md");
        Files.createDirectories(json.toAbsolutePath().getParent());
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(args.option("--include", ALL))
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(false);
        for (String p : args.options("--param")) {
            int eq = p.indexOf('=');
            if (eq <= 0 || eq == p.length() - 1) {
                throw new Args.UsageException("--param wants NAME=V1,V2, not " + p);
            }
            options.param(
                    p.substring(0, eq),
                    Arrays.stream(p.substring(eq + 1).split(",")).toArray(String[]::new));
        }
        if (args.flag("--quick")) {
            options.forks(1)
                    .warmupIterations(3)
                    .warmupTime(TimeValue.seconds(1))
                    .measurementIterations(3)
                    .measurementTime(TimeValue.seconds(1));
        }
        new Runner(options.build()).run();
        if (!Files.exists(json) || Files.size(json) == 0) {
            out.println("JMH wrote no results (nothing matched, or every benchmark failed).");
            return 1;
        }
        String table = ReportCommand.markdown(json);
        Files.writeString(markdown, table);
        out.println();
        out.print(table);
        out.println("JMH JSON: " + json + "\nMarkdown: " + markdown);
        return 0;
    }

    private static int runSuite(String name, Args args, PrintStream out) throws Exception {
        if (!Suite.NAMES.contains(name)) {
            throw new Args.UsageException("--suite is one of " + Suite.NAMES + ", not " + name);
        }
        if (args.option("--include", null) != null || !args.options("--param").isEmpty() || args.flag("--quick")) {
            throw new Args.UsageException(
                    "--suite fixes the benchmarks and settings: no --include, --param or --quick");
        }
        Path json = Path.of(args.option(
                "--out",
                Main.home().resolve("target/bench/" + name + "/jmh-result.json").toString()));
        SuiteRunner.RunFiles files = SuiteRunner.RunFiles.of(json);
        int scored;
        try {
            scored = SuiteRunner.run(Suite.named(name), files, args.flag("--resume"), out);
        } catch (SuiteRunner.ResumeRefused e) {
            throw new Command.Failure("cannot resume: " + e.getMessage());
        }
        if (scored == 0) {
            out.println("No benchmark produced a score: see " + files.log());
            return 1;
        }
        Path markdown = SuiteReport.write(
                files, ReportCommand.DATE.format(Files.getLastModifiedTime(json).toInstant()));
        out.println("JMH JSON: " + json + "\nReport:   " + markdown + "\nCharts:   "
                + markdown.resolveSibling(SuiteReport.CHARTS));
        return 0;
    }
}
