package dev.acceljce.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Markdown report from a JMH JSON fixture (numbers chosen so the expected cells are exact). */
class PerformanceReportTest {
    private static final PerformanceReport.Environment ENV = new PerformanceReport.Environment(
            "Test CPU",
            2,
            "Linux test",
            "OpenSSL 3.0.19 at /lib/libcrypto.so.3 (system)",
            "2026-01-01 00:00 UTC",
            "jmh-sample.json");

    private static List<BenchmarkResult> sample() throws IOException {
        try (InputStream in = PerformanceReportTest.class.getResourceAsStream("/jmh-sample.json")) {
            return BenchmarkResult.parseAll(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static String report() throws IOException {
        return PerformanceReport.render(sample(), ENV, algorithm -> "path-of-" + algorithm);
    }

    /** The table line of {@code size} in the section titled {@code title}. */
    private static String row(String report, String title, String size) {
        String section = report.substring(report.indexOf("### " + title + "\n"));
        int next = section.indexOf("### ", 4);
        section = next < 0 ? section : section.substring(0, next);
        return section.lines()
                .filter(l -> l.matches("\\|\\s+" + size + " \\|.*"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + size + " under " + title + ":\n" + report));
    }

    private static List<String> cells(String row) {
        return List.of(row.substring(1, row.length() - 1).split("\\|")).stream()
                .map(String::trim)
                .toList();
    }

    @Test
    void scoresAreNormalisedToOpsPerSecond() throws IOException {
        List<BenchmarkResult> results = sample();
        assertEquals(7, results.size());
        // 10,000 ops/ms, 500 ns/op and 1 us/op
        assertEquals(1e7, results.get(3).opsPerSecond(), 1e-3);
        assertEquals(2e6, results.get(5).opsPerSecond(), 1e-6);
        assertEquals(1e6, results.get(6).opsPerSecond(), 1e-6);
        assertTrue(Double.isNaN(results.get(5).error()));
        assertEquals(1e5, results.get(3).error(), 1e-6);
    }

    @Test
    void rowsShowBothProvidersThroughputAndRatio() throws IOException {
        String report = report();
        assertEquals(
                List.of("32", "8,000,000 ± 1.0%", "10,000,000 ± 1.0%", "125", "100", "256", "320", "0.80×"),
                cells(row(report, "SHA-256", "32")));
        assertEquals(
                List.of("16384", "100,000 ± 1.0%", "50,000 ± 1.0%", "10,000", "20,000", "1,638", "819", "2.00×"),
                cells(row(report, "SHA-256", "16384")));
        assertEquals(
                List.of("1024", "2,000,000", "1,000,000", "500", "1,000", "2,048", "1,024", "2.00×"),
                cells(row(report, "HmacSHA256", "1024")));
    }

    @Test
    void aMissingAccelJceResultLeavesDashesAndNoSummary() throws IOException {
        String report = report();
        assertEquals(
                List.of("32", "—", "2,000,000 ± 1.0%", "—", "500", "—", "64.0", "—"),
                cells(row(report, "AES/GCM/NoPadding", "32")));
        assertTrue(
                report.contains("`AesGcmBenchmark.encrypt`, keyBits=128. AccelJCE path: path-of-AES/GCM/NoPadding"),
                report);
        assertTrue(report.contains("No size was measured for both AccelJCE and the JDK: no summary."), report);
    }

    @Test
    void familiesGetTheSeedsTwoSummaries() throws IOException {
        // SHA-256: ratios 0.8 and 2.0, geomean sqrt(1.6) = 1.2649
        assertTrue(
                report().contains("Over the 2 sizes measured for both: ratio of geomeans (AccelJCE/JDK) 1.26×,"
                        + " geomean of ratios 1.26×."),
                report());
    }

    @Test
    void headerNamesMachineJdkOpenSslAndSettings() throws IOException {
        String report = report();
        assertTrue(report.contains("| Machine     | Test CPU, 2 logical CPUs, Linux test"), report);
        assertTrue(report.contains("25.0.3 (OpenJDK 64-Bit Server VM 25.0.3+9-LTS"), report);
        assertTrue(report.contains("OpenSSL 3.0.19 at /lib/libcrypto.so.3 (system)"), report);
        assertTrue(
                report.contains("JMH 1.37, mode thrpt, 2 forks, 1 thread, warm-up 5 × 1 s, measurement 5 × 1 s"),
                report);
        assertTrue(report.contains("--enable-native-access=ALL-UNNAMED -Xms1g -Xmx1g"), report);
    }

    @Test
    void summariesAreGeometricMeans() {
        PerformanceReport.Summary s =
                PerformanceReport.summarize(List.of(new double[] {4, 1}, new double[] {1, 4}, new double[] {8, 2}));
        // ratios 4, 1/4, 4: geomean = 4^(1/3); scores 4*1*8=32 vs 1*4*2=8: (32/8)^(1/3)
        assertEquals(Math.cbrt(4), s.geomeanOfRatios(), 1e-12);
        assertEquals(Math.cbrt(4), s.ratioOfGeomeans(), 1e-12);
        assertEquals(3, s.sizes());
        assertTrue(Double.isNaN(PerformanceReport.summarize(List.of()).ratioOfGeomeans()));
    }

    @Test
    void unknownUnitsAndNonResultsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> BenchmarkResult.toOpsPerSecond(1, "bananas"));
        assertThrows(IllegalArgumentException.class, () -> BenchmarkResult.parseAll("{\"not\": \"a list\"}"));
        assertEquals(1e9, BenchmarkResult.toOpsPerSecond(1, "ns/op"), 1e-3);
        assertEquals(60, BenchmarkResult.toOpsPerSecond(3600, "ops/min"), 1e-9);
    }
}
