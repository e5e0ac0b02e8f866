package dev.acceljce.cli;

import dev.acceljce.cli.report.BenchmarkResult;
import dev.acceljce.cli.report.PerformanceReport;
import dev.acceljce.cli.report.ReportEnvironment;
import dev.acceljce.cli.report.SuiteReport;
import dev.acceljce.cli.suite.SuiteRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;

/** {@code acceljce report}: the Markdown table of a JMH JSON result file. */
final class ReportCommand implements Command {
    static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    @Override
    public String name() {
        return "report";
    }

    @Override
    public String summary() {
        return "turn a JMH JSON result file into the Markdown table of docs/performance.md";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce report RESULT.json [--out FILE.md]

                For the result of `acceljce bench --suite` (a RESULT-run.json beside it), rewrites
                that run's report.md and charts/ beside it from the JSON, and prints the report.

                Otherwise reads JMH's JSON result (from `acceljce bench` or `java -jar bench/target/benchmarks.jar
                -rf json`) and prints per benchmark and size the AccelJCE and JDK scores, their ratio,
                and per family the ratio of geomeans and the geomean of ratios. The header names this
                machine, the OpenSSL AccelJCE loads here, and the JMH settings from the file.

                  --out FILE.md   also write the Markdown to FILE.md
                """;
    }

    @Override
    public Set<String> options() {
        return Set.of("--out");
    }

    @Override
    public int maxOperands() {
        return 1;
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        if (args.operands().isEmpty()) {
            throw new Args.UsageException("name the JMH JSON result file");
        }
        Path json = Path.of(args.operands().getFirst());
        SuiteRunner.RunFiles suiteRun = SuiteRunner.RunFiles.of(json);
        if (Files.exists(suiteRun.run())) {
            // a `bench --suite` result: its report (every provider) and charts, rewritten beside it
            Path report = SuiteReport.write(
                    suiteRun, DATE.format(Files.getLastModifiedTime(json).toInstant()));
            out.print(Files.readString(report));
            out.println("Report: " + report + "\nCharts: " + report.resolveSibling(SuiteReport.CHARTS));
            return 0;
        }
        String markdown = markdown(json);
        out.print(markdown);
        String target = args.option("--out", null);
        if (target != null) {
            Files.writeString(Path.of(target), markdown);
        }
        return 0;
    }

    /** The report of a JMH JSON file, dated by the file's modification time (when the run ended). */
    static String markdown(Path json) throws IOException {
        List<BenchmarkResult> results = BenchmarkResult.parseAll(Files.readString(json));
        String date = DATE.format(Files.getLastModifiedTime(json).toInstant());
        return PerformanceReport.render(
                results, ReportEnvironment.ofThisMachine(date, json.toString()), ReportEnvironment.acceljcePaths());
    }
}
