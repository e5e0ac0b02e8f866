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
            if (row.ownStack()) { // AccelJCE's TLS: 10× SunJSSE on the JDK, 2× SunJSSE on AccelJCE
                results.add(result(row.benchmark(), DemoPlan.OWN_TLS, row.fixedParams(), 1000, 20));
                continue;
            }
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
        assertEquals(
                "- TLS 1.3 handshake, SunJSSE on AccelJCE vs on the JDK: AccelJCE is faster (5.00× ± 0.10). "
                        + POLICY + " took the native path (OpenSSL) for Signature.SHA256withECDSA,"
                        + " KeyAgreement.XDH, KeyPairGenerator.XDH. AccelJCE-TLS, AccelJCE's own TLS stack"
                        + " (AWS-LC's libssl): faster than SunJSSE on the JDK (10.00× ± 0.28) and faster than"
                        + " SunJSSE on AccelJCE (2.00× ± 0.04).",
                sentences.get(tls));
        // the table: the own stack's rate in the AccelJCE column, SunJSSE on the JDK in the JDK's,
        // and a ratio cell that names what each ratio is against
        String own = out.lines()
                .filter(l -> l.startsWith("| TLS 1.3 handshake, AccelJCE-TLS"))
                .findFirst()
                .orElseThrow();
        assertTrue(
                own.matches(
                        "\\| TLS 1.3 handshake, AccelJCE-TLS \\(ECDSA P-256, x25519\\) *\\| *1,000 ± 2\\.0% *\\| *100 ± 2\\.0% *\\|.*"),
                own);
        assertTrue(own.contains("10.00× ± 0.28 vs SunJSSE on the JDK; 2.00× ± 0.04 vs SunJSSE on AccelJCE"), own);
        assertTrue(own.contains("| faster "), own);
        assertTrue(own.contains("own TLS stack (AWS-LC's libssl)"), own);
    }

    @Test
    void ourTlsStackUnmeasuredOrAloneIsSaidSo() {
        DemoPlan.Row own = DemoPlan.ROWS.stream()
                .filter(DemoPlan.Row::ownStack)
                .findFirst()
                .orElseThrow();
        // SunJSSE measured on both, our stack's fork failed
        String out = DemoReport.render(
                List.of(
                        result(own.benchmark(), "AccelJCE", own.fixedParams(), 100, 1),
                        result(own.benchmark(), "JDK", own.fixedParams(), 100, 1)),
                SERVICES,
                "Test CPU");
        String line = out.lines()
                .filter(l -> l.startsWith("- TLS 1.3 handshake"))
                .findFirst()
                .orElseThrow();
        assertTrue(
                line.endsWith(" AccelJCE-TLS, AccelJCE's own TLS stack (AWS-LC's libssl): not measured (see the"
                        + " run's messages above)."),
                line);
        assertTrue(line.contains("even with the JDK (1.00× ± 0.01)"), line);
        // only our stack and the JDK measured: SunJSSE on AccelJCE is said missing, not taken for ours
        out = DemoReport.render(
                List.of(
                        result(own.benchmark(), DemoPlan.OWN_TLS, own.fixedParams(), 50, 1),
                        result(own.benchmark(), "JDK", own.fixedParams(), 100, 1)),
                SERVICES,
                "Test CPU");
        line = out.lines()
                .filter(l -> l.startsWith("- TLS 1.3 handshake"))
                .findFirst()
                .orElseThrow();
        assertTrue(line.startsWith("- TLS 1.3 handshake, SunJSSE on AccelJCE vs on the JDK: not measured"), line);
        assertTrue(
                line.endsWith("slower than SunJSSE on the JDK (0.50× ± 0.01) and SunJSSE on AccelJCE not measured."),
                line);
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
