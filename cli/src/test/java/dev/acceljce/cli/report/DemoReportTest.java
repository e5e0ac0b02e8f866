package dev.acceljce.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.cli.suite.DemoPlan;
import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Family;
import dev.acceljce.control.Path;
import dev.acceljce.control.Settings;
import dev.acceljce.service.ServiceReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The demo's table and sentences from made-up scores: the tie rule, the paths, the gaps. */
class DemoReportTest {
    /** AES-GCM below 256 B on the JDK, natively from there; every other service native. */
    private static final Function<String, ServiceReport.Row> SERVICES = service -> {
        String type = service.substring(0, service.indexOf('.'));
        String algorithm = service.substring(service.indexOf('.') + 1);
        Crossovers.Crossover gcm = service.equals("Cipher.AES/GCM/NoPadding")
                ? new Crossovers.Crossover(Path.JDK, 256, Path.NATIVE, "test")
                : null;
        return new ServiceReport.Row(
                type, algorithm, Family.GCM, List.of(), true, null, Path.NATIVE, "native", null, gcm, "openssl");
    };

    /** How the sentences name the policy in force: "auto" unless set (cli's tests run with policy native). */
    private static final String POLICY = Settings.policy(Family.GCM) == Settings.Policy.AUTO
            ? "auto"
            : "policy " + Settings.policy(Family.GCM).name().toLowerCase(java.util.Locale.ROOT);

    @Test
    void comparisonFollowsTheTieRule() {
        assertEquals(Comparison.Verdict.FASTER, new Comparison(2.0, 0.1).verdict());
        assertEquals(Comparison.Verdict.EVEN, new Comparison(1.05, 0.06).verdict());
        assertEquals(Comparison.Verdict.SLOWER, new Comparison(0.5, 0.1).verdict());
        // 1 within the error, but the error too wide to call it even (a busy machine's run)
        assertEquals(Comparison.Verdict.UNDECIDED, new Comparison(1.4, 0.35).verdict());
        assertEquals(Comparison.Verdict.UNDECIDED, new Comparison(0.5, Double.NaN).verdict());
        Comparison c = Comparison.of(result("X", "AccelJCE", Map.of(), 300, 30), result("X", "JDK", Map.of(), 100, 0));
        assertEquals(3.0, c.ratio(), 1e-9);
        assertEquals(0.3, c.error(), 1e-9);
        assertEquals("3.00× ± 0.30", c.text());
    }

    @Test
    void oneSentencePerFamilyWithVerdictAndPath() {
        List<BenchmarkResult> results = new ArrayList<>();
        for (DemoPlan.Row row : DemoPlan.ROWS) {
            double accel = switch (row.family()) {
                case "AES-GCM" -> row.size() < 256 ? 50 : 200; // slower at 32 B, faster at 16 KiB
                case "SHA-256", "HMAC-SHA256" -> 101; // within the error: even
                default -> 500; // 5× the JDK
            };
            results.add(result(row.benchmark(), "AccelJCE", row.fixedParams(), accel, 2));
            if (!row.family().equals("RSA-2048")) { // RSA: the JDK's run failed
                results.add(result(row.benchmark(), "JDK", row.fixedParams(), 100, 2));
            }
        }
        String out = DemoReport.render(results, SERVICES, "Test CPU");
        assertTrue(out.contains("On this CPU (Test CPU):"), out);
        List<String> sentences = out.lines().filter(l -> l.startsWith("- ")).toList();
        assertEquals(DemoPlan.families().size(), sentences.size(), out);
        assertEquals(
                "- AES-GCM: AccelJCE is slower (32 B 0.50× ± 0.02); AccelJCE is faster (16 KiB 2.00× ± 0.04)."
                        + " " + POLICY + " took the JDK's provider at 32 B; " + POLICY
                        + " took the native path (OpenSSL) at 16 KiB:"
                        + " where AccelJCE handed the call to the JDK both rows run the JDK's code, so a"
                        + " difference there is AccelJCE's own layer or noise.",
                sentences.get(0));
        assertTrue(sentences.get(1).startsWith("- SHA-256: even with the JDK"), sentences.get(1));
        assertTrue(
                sentences.get(3).startsWith("- ECDSA P-256: AccelJCE is faster (sign 5.00× ± 0.10, verify 5.00×"),
                sentences.get(3));
        assertTrue(sentences.get(3).endsWith(POLICY + " took the native path (OpenSSL)."), sentences.get(3));
        int rsa = 6;
        int tls = 7;
        assertEquals("- RSA-2048: not measured (see the run's messages above).", sentences.get(rsa));
        assertTrue(out.contains("| not measured "), out);
        assertTrue(sentences.get(tls).startsWith("- TLS 1.3 handshake: AccelJCE is faster (5.00×"), sentences.get(tls));
    }

    @Test
    void aSlowerNativePathPointsToCalibrate() {
        String line = sentenceWithOneRow("ECDSA P-256", 50, SERVICES);
        assertTrue(line.contains("AccelJCE is slower (sign 0.50×"), line);
        assertTrue(line.contains("; 1 row(s) not measured"), line);
        assertTrue(line.contains("`./acceljce calibrate`"), line);
    }

    @Test
    void theLibraryOfTheNativePathIsNamed() {
        Function<String, ServiceReport.Row> onAwsLc = service -> {
            ServiceReport.Row r = SERVICES.apply(service);
            return new ServiceReport.Row(
                    r.type(),
                    r.algorithm(),
                    Family.EDDSA,
                    List.of(),
                    true,
                    null,
                    Path.NATIVE,
                    "native",
                    null,
                    null,
                    "awslc");
        };
        String line = sentenceWithOneRow("X25519", 500, onAwsLc);
        assertTrue(line.endsWith("took the native path (AWS-LC)."), line);
        String table = DemoReport.render(List.of(), onAwsLc, "Test CPU");
        assertTrue(table.contains("| native (AWS-LC)"), table);
        assertTrue(DemoReport.render(List.of(), SERVICES, "Test CPU").contains("| native (OpenSSL)"));
    }

    @Test
    void aServiceAccelJceDoesNotRegisterIsSaidSo() {
        assertEquals(
                "- X25519: even with the JDK (1.00× ± 0.01). AccelJCE does not serve it in this build.",
                sentenceWithOneRow("X25519", 100, service -> null));
    }

    /** The family's sentence when only its first row was measured: AccelJCE at {@code accel}, the JDK at 100 ops/s. */
    private static String sentenceWithOneRow(
            String family, double accel, Function<String, ServiceReport.Row> services) {
        DemoPlan.Row row = DemoPlan.families().get(family).getFirst();
        String out = DemoReport.render(
                List.of(
                        result(row.benchmark(), "AccelJCE", row.fixedParams(), accel, 1),
                        result(row.benchmark(), "JDK", row.fixedParams(), 100, 1)),
                services,
                "Test CPU");
        return out.lines().filter(l -> l.startsWith("- " + family)).findFirst().orElseThrow();
    }

    private static BenchmarkResult result(
            String benchmark, String provider, Map<String, String> params, double ops, double error) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("provider", provider);
        p.putAll(params);
        return new BenchmarkResult(benchmark, p, ops, error, null);
    }
}
