package dev.acceljce.cli.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite run's report and chart from a fixed fixture (suite/jmh-result.json and its run file):
 * AccelJCE, JDK and Conscrypt measured at 32 B and 16 KiB, BC not offering the cipher.
 */
class PeerReportTest {
    private static final PerformanceReport.Environment ENV = new PerformanceReport.Environment(
            "Test CPU", 2, "Linux test", "OpenSSL 3.5.5 (bundled)", "2026-01-01 00:00 UTC", "jmh-result.json");

    private static String resource(String name) throws IOException {
        try (InputStream in = PeerReportTest.class.getResourceAsStream("/suite/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<BenchmarkResult> results() throws IOException {
        return BenchmarkResult.parseAll(resource("jmh-result.json"));
    }

    private static List<PeerReport.Missing> missing() throws IOException {
        return PeerReport.parseMissing(resource("jmh-result-run.json"));
    }

    @Test
    void tableHasAColumnPerProviderAndSaysNotOffered() throws IOException {
        String md = PeerReport.render(
                results(), missing(), ENV, SuiteReport.runNote(resource("jmh-result-run.json")), "charts");
        assertTrue(md.contains("### AesGcmBenchmark.encrypt AES/GCM/NoPadding keyBits=128"), md);
        String header =
                md.lines().filter(l -> l.startsWith("| Size (B)")).findFirst().orElseThrow();
        assertEquals(List.of("Size (B)", "AccelJCE", "JDK", "Conscrypt", "BC", "AccelJCE / best peer"), cells(header));
        String row32 =
                md.lines().filter(l -> l.matches("\\|\\s+32 \\|.*")).findFirst().orElseThrow();
        // 1e6 / best peer (Conscrypt, 4e6) = 0.25; BC has no number, only its reason
        assertEquals(
                List.of(
                        "32",
                        "1,000,000 ± 1.0%",
                        "2,000,000 ± 1.0%",
                        "4,000,000 ± 1.0%",
                        "not offered",
                        "0.25× (Conscrypt)"),
                cells(row32));
        assertTrue(md.contains("- BC: not offered (BC does not serve Cipher.AES/GCM/NoPadding)"), md);
        // seed 000's method A and B against the JDK: sqrt(0.5 × 2) = 1 both ways here
        String vsJdk = md.lines()
                .filter(l -> l.startsWith("| JDK ") && l.contains("×"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of("JDK", "2", "1.00×", "1.00×"), cells(vsJdk));
        assertTrue(md.contains("Suite `quick`"), md);
        // 32 B loses to Conscrypt (0.25×), 16 KiB wins over the JDK and Conscrypt (2.00×)
        assertTrue(md.contains("1 wins (> 1.05×), 0 ties, 1 losses (< 0.95×)"), md);
        assertTrue(md.contains("](charts/AesGcmBenchmark.encrypt_AES_GCM_NoPadding_keyBits=128.png)"), md);
    }

    @Test
    void drawsAPngPerFamily(@TempDir Path dir) throws IOException {
        List<Path> files = PeerCharts.draw(PeerReport.group(results(), missing()), dir);
        assertEquals(1, files.size());
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(files.getFirst()), 8);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, head);
    }

    private static List<String> cells(String row) {
        return List.of(row.substring(1, row.length() - 1).split("\\|")).stream()
                .map(String::trim)
                .toList();
    }
}
