package dev.acceljce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.CpuFeatures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line end to end, in process (no benchmark is run). */
class MainTest {
    private record Outcome(int status, String out, String err) {}

    private static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(
                List.of(args),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpListsEveryCommand() {
        Outcome o = run("--help");
        assertEquals(0, o.status());
        for (Command c : Main.COMMANDS) {
            assertTrue(o.out().contains("  " + c.name() + " "), c.name());
            Outcome own = run(c.name(), "--help");
            assertEquals(0, own.status());
            assertTrue(own.out().startsWith("Usage: acceljce " + c.name()), own.out());
        }
    }

    @Test
    void badCommandLinesExitWithTwo() {
        assertEquals(2, run().status());
        Outcome unknown = run("frobnicate");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown command 'frobnicate'"));
        Outcome badOption = run("info", "--bogus");
        assertEquals(2, badOption.status());
        assertTrue(badOption.err().contains("unknown option --bogus"));
        assertEquals(2, run("report").status());
    }

    @Test
    void infoJsonIsWellFormedAndListsTheServices() {
        Outcome o = run("info", "--json");
        assertEquals(0, o.status(), o.err());
        Map<?, ?> doc = assertInstanceOf(Map.class, Json.parse(o.out()));
        Map<?, ?> openssl = assertInstanceOf(Map.class, doc.get("openssl"));
        assertInstanceOf(Boolean.class, openssl.get("available"));
        assertInstanceOf(List.class, openssl.get("attempts"));
        assertInstanceOf(String.class, openssl.get("cpuInfo"));
        Map<?, ?> cpu = assertInstanceOf(Map.class, doc.get("cpu"));
        CpuFeatures here = CpuFeatures.ofThisMachine();
        Map<?, ?> features = assertInstanceOf(Map.class, cpu.get("features"));
        assertEquals(here.features().keySet(), features.keySet());
        for (Object f : features.values()) {
            Map<?, ?> feature = assertInstanceOf(Map.class, f);
            assertInstanceOf(Boolean.class, feature.get("cpu"));
            assertTrue(feature.containsKey("openssl"));
        }
        Map<?, ?> selfTest = assertInstanceOf(Map.class, doc.get("selfTest"));
        assertEquals("PASSED", selfTest.get("overall"));
        assertEquals(
                "PASSED",
                assertInstanceOf(
                                Map.class,
                                assertInstanceOf(Map.class, selfTest.get("families"))
                                        .get("digest"))
                        .get("status"));
        assertInstanceOf(List.class, selfTest.get("tests"));
        assertTrue(assertInstanceOf(Map.class, doc.get("switches")).containsKey("acceljce.keys.destroy"));
        List<?> services = assertInstanceOf(List.class, doc.get("services"));
        Map<?, ?> sha256 = services.stream()
                .map(Map.class::cast)
                .filter(s -> s.get("type").equals("MessageDigest")
                        && s.get("algorithm").equals("SHA-256"))
                .findFirst()
                .orElseThrow();
        assertEquals(true, sha256.get("nativeAvailable"));
        assertEquals(true, sha256.get("jdkFallback"));
        assertEquals("PASSED", sha256.get("selfTest"));
        assertInstanceOf(List.class, sha256.get("instructions"));
        assertNull(sha256.get("jdkHandOff"));
        Map<?, ?> gcm = services.stream()
                .map(Map.class::cast)
                .filter(s ->
                        s.get("type").equals("Cipher") && s.get("algorithm").equals("AES/GCM/NoPadding"))
                .findFirst()
                .orElseThrow();
        assertTrue(((String) gcm.get("jdkHandOff")).contains("IVs longer than 128 bytes"), gcm.toString());
        for (Object s : services) {
            Map<?, ?> row = (Map<?, ?>) s;
            assertTrue(row.get("path").equals("NATIVE") || row.get("path").equals("JDK"), row.toString());
            assertInstanceOf(String.class, row.get("instructionPath"));
        }
    }

    @Test
    void infoTextHasTheServiceTable() {
        Outcome o = run("info");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("| Type "), o.out());
        assertTrue(o.out().contains("| SHA-256 "), o.out());
        assertTrue(o.out().contains("| Feature "), o.out());
        assertTrue(o.out().contains("| digest "), o.out());
        assertTrue(o.out().contains("Selftest: PASSED"), o.out());
        assertTrue(o.out().contains("Cases a native object hands to the JDK internally"), o.out());
        assertTrue(o.out().contains("a caller's SecureRandom other than"), o.out());
        assertTrue(o.out().contains("  acceljce.keys.destroy = unset"), o.out());
        assertTrue(
                o.out().lines().anyMatch(l -> l.contains("| HKDF-SHA256 ") && l.contains("| info longer than")),
                o.out());
    }

    /**
     * The summary counts services per library, the counts add up to the services registered, and
     * each native service's row names its library: what the JSON says per service, read back.
     */
    @Test
    void infoCountsServicesPerLibrary() {
        Info here = Info.collect();
        Map<String, Long> counts = here.servicesPerLibrary();
        assertEquals(List.of("OpenSSL", "AWS-LC", "the JDK's providers"), List.copyOf(counts.keySet()));
        assertEquals(
                here.services().size(),
                counts.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(here.nativeServices(), counts.get("OpenSSL") + counts.get("AWS-LC"));
        long awsLc = here.services().stream()
                .filter(s -> s.path() == dev.acceljce.control.Path.NATIVE
                        && s.engine().equals("awslc"))
                .count();
        assertEquals(awsLc, counts.get("AWS-LC"));
        Outcome o = run("info");
        assertEquals(0, o.status(), o.err());
        String line = o.out()
                .lines()
                .filter(l -> l.startsWith("Services: "))
                .findFirst()
                .orElseThrow();
        assertTrue(line.contains(counts.get("OpenSSL") + " on OpenSSL"), line);
        if (awsLc > 0) {
            assertTrue(line.contains(awsLc + " on AWS-LC"), line);
            assertTrue(o.out().lines().anyMatch(l -> l.contains("(AWS-LC")), "a row naming AWS-LC");
        }
        assertTrue(o.out().lines().anyMatch(l -> l.contains("| SHA-256 ") && l.contains("(OpenSSL)")), o.out());
        List<?> services = assertInstanceOf(
                List.class,
                assertInstanceOf(Map.class, Json.parse(run("info", "--json").out()))
                        .get("services"));
        for (Object s : services) {
            Map<?, ?> row = (Map<?, ?>) s;
            String library = (String) row.get("library");
            assertTrue(
                    row.get("path").equals("JDK")
                            ? library.equals("the JDK's providers")
                            : library.startsWith("OpenSSL") || library.startsWith("AWS-LC"),
                    row.toString());
        }
    }
}
