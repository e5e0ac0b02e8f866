package dev.acceljce.cli.report;

import dev.acceljce.cli.Json;
import dev.acceljce.cli.suite.SuiteRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the report of a suite run next to its JMH JSON: {@code report.md} (the {@link PeerReport}
 * with the run's suite, pinning and load average in its header) and {@code charts/*.png}
 * ({@link PeerCharts}).
 */
public final class SuiteReport {
    /** The charts' directory, beside the report. */
    public static final String CHARTS = "charts";

    private SuiteReport() {}

    /**
     * Writes the report and charts of the run whose JMH JSON is {@code files.json()}, dated
     * {@code date}; returns the report's path.
     */
    public static Path write(SuiteRunner.RunFiles files, String date) throws IOException {
        List<BenchmarkResult> results = BenchmarkResult.parseAll(Files.readString(files.json()));
        String runJson = Files.exists(files.run()) ? Files.readString(files.run()) : "{}";
        List<PeerReport.Missing> missing = PeerReport.parseMissing(runJson);
        PerformanceReport.Environment env =
                ReportEnvironment.ofThisMachine(date, files.json().getFileName().toString());
        Path markdown = files.json().resolveSibling("report.md");
        Files.writeString(markdown, PeerReport.render(results, missing, env, runNote(runJson), CHARTS));
        PeerCharts.draw(PeerReport.group(results, missing), markdown.resolveSibling(CHARTS));
        return markdown;
    }

    /** What the run file says about how the suite ran: suite, times, load average, pinning. */
    static String runNote(String runJson) {
        if (!(Json.parse(runJson) instanceof Map<?, ?> run) || run.get("suite") == null) {
            return "";
        }
        Set<String> pinning = new LinkedHashSet<>();
        if (run.get("parts") instanceof List<?> parts) {
            for (Object p : parts) {
                Map<?, ?> part = (Map<?, ?>) p;
                int threads = ((Number) part.get("threads")).intValue();
                pinning.add(threads + (threads == 1 ? " thread: " : " threads: ") + part.get("pinning"));
            }
        }
        String where = run.get("machine") == null ? "" : " on " + run.get("machine") + " (" + run.get("build") + ")";
        String resumed = run.get("partsKeptFromAnEarlierSitting") instanceof Number k && k.intValue() > 0
                ? " (resumed: " + k
                        + " parts kept from an earlier, interrupted run on the same machine and build; each part's"
                        + " own times are in the run file)"
                : "";
        return "Suite `" + run.get("suite") + "` (" + run.get("settings") + ")" + where + ", run " + run.get("started")
                + " to " + run.get("ended") + resumed + "; load average (1/5/15 min) " + run.get("loadAverageAtStart")
                + " at the start, "
                + run.get("loadAverageAtEnd") + " at the end; benchmark JVMs " + String.join("; ", pinning)
                + ". Regenerate: `./acceljce bench --suite " + run.get("suite") + "`.";
    }
}
